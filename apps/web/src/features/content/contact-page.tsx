import { Anchor, Paper, SimpleGrid, Stack, Table, TableScrollContainer, Text, Title } from '@mantine/core';
import { useDestination } from '../../api/content.ts';
import { PageIntro } from './components/page-intro.tsx';
import { CONTACT } from './data/contact.ts';

const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;

/** /contact: phone and fax numbers, e-mail addresses and mailing addresses. */
export default function ContactPage() {
  const destination = useDestination();
  // the addresses the provider has set up (README, Links and contact addresses); none: no e-mail table
  const emails = CONTACT.emails.flatMap((row) => {
    const email = destination(row.destination);
    return email ? [{ department: row.department, email }] : [];
  });
  return (
    <Stack gap="lg">
      <Title order={1}>{CONTACT.title}</Title>
      <Stack maw={780}>
        <PageIntro page="contact" />
      </Stack>
      <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="phones-heading">
        <Title order={2} size="h3" mb="sm" id="phones-heading">
          {CONTACT.phonesCaption}
        </Title>
        <TableScrollContainer minWidth={320}>
          <Table striped verticalSpacing="sm" aria-labelledby="phones-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Department</Table.Th>
                <Table.Th scope="col">Phone</Table.Th>
                <Table.Th scope="col">Fax</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CONTACT.phones.map((row) => (
                <Table.Tr key={row.department}>
                  <Table.Th scope="row" fw={600}>
                    {row.department}
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor href={telHref(row.phone)} fz="inherit">
                      {row.phone}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.fax}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollContainer>
      </Paper>
      {emails.length > 0 && (
        <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="emails-heading">
          <Title order={2} size="h3" mb="sm" id="emails-heading">
            {CONTACT.emailsCaption}
          </Title>
          <TableScrollContainer minWidth={320}>
            <Table striped verticalSpacing="sm" aria-labelledby="emails-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Department</Table.Th>
                  <Table.Th scope="col">E-mail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {emails.map((row) => (
                  <Table.Tr key={row.email}>
                    <Table.Th scope="row" fw={600}>
                      {row.department}
                    </Table.Th>
                    <Table.Td>
                      <Anchor href={`mailto:${row.email}`} fz="inherit">
                        {row.email}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollContainer>
        </Paper>
      )}
      <section aria-labelledby="addresses-heading">
        <Title order={2} size="h3" mb="md" id="addresses-heading">
          {CONTACT.addressesHeading}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {CONTACT.addresses.map((address) => (
            <Paper key={address.label} p="md">
              <Title order={3} size="h5" mb={6}>
                {address.label}
              </Title>
              <Text component="address" style={{ fontStyle: 'normal' }}>
                {address.lines.map((line) => (
                  <span key={line} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dark.4" mt="md">
          {CONTACT.addressNote}
        </Text>
      </section>
    </Stack>
  );
}
