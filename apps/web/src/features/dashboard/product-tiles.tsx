import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalculator,
  IconHeartbeat,
  IconSchool,
  IconShieldHeart,
  IconSun,
  IconUpload,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';

const TILES: Array<{ to: string; title: string; text: string; icon: Icon }> = [
  { to: '/proshop', title: 'ProShop', text: 'Compliant marketing materials', icon: IconBuildingStore },
  { to: '/medischolar', title: 'MediScholar', text: 'Medicare education program', icon: IconSchool },
  { to: '/finalexpense', title: 'Final Expense', text: 'Final expense tools and carriers', icon: IconShieldHeart },
  { to: '/myhealthplan', title: 'MyHealthPlan', text: 'Online enrollment platform', icon: IconHeartbeat },
  { to: '/enrollments', title: 'Enrollments', text: 'Submit enrollment documents', icon: IconUpload },
  { to: '/myquote', title: 'MyQuote', text: 'Start a quote for a client', icon: IconCalculator },
  { to: '/prospects', title: 'Prospects', text: 'Search for prospects', icon: IconUsersGroup },
  { to: '/sunfire', title: 'SunFire', text: 'Quote and enroll Medicare plans', icon: IconSun },
];

export function ProductTiles() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {TILES.map(({ to, title, text, icon: Icon }) => (
        <Card key={to} component={Link} to={to} withBorder padding="md" radius="md" className="arc-tile">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={42} radius="md" variant="light">
              <Icon size={24} aria-hidden="true" />
            </ThemeIcon>
            <div>
              <Text fw={650}>{title}</Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
