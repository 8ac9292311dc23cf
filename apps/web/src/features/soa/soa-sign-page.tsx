import {
  formatInstant,
  SOA_FORM_TEXT,
  SOA_PRODUCTS,
  SignSoaRequestSchema,
  type SoaFormText,
  type SoaLanguage,
  type SoaSigning,
} from '@arc/contract';
import { Alert, Button, Center, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconClockX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { soaSigningQueries, useSignSoa } from '../../api/soa-signing.ts';
import classes from './soa-sign-page.module.css';

/** Large type throughout: the page is read on a phone, often by someone in their seventies. */
const BODY = 'xl';

/** Keeps search engines out; React puts the tag in the page's head (the server also sends X-Robots-Tag). */
const NoIndex = () => <meta name="robots" content="noindex, nofollow" />;

/**
 * /soa/sign/:token — the beneficiary's Scope of Appointment (issue 34, docs/decisions/soa-and-ready-to-sell.md): no
 * sign-in, the e-mailed single-use link's token is the bearer. One column, large type, plain words, in the language the
 * agent chose. After the signature it shows only the confirmation (the link shows nothing else from then on).
 */
export default function SoaSignPage() {
  const { token = '' } = useParams();
  const page = useQuery(soaSigningQueries.page(token));
  const [isDone, setDone] = useState(false);

  if (page.isPending)
    return (
      <Center py="xl">
        <NoIndex />
        <Loader aria-label="Loading / Cargando" />
      </Center>
    );
  if (isDone || page.data?.state === 'signed')
    return <Done language={page.data?.state === 'open' ? page.data.language : undefined} />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 410) return <Expired />;
    return (
      <Stack gap="md">
        <NoIndex />
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title="Error">
          <Text size={BODY}>{errorMessage(page.error)}</Text>
        </Alert>
        <Button size="xl" onClick={() => void page.refetch()} loading={page.isFetching}>
          Try again / Intentar de nuevo
        </Button>
      </Stack>
    );
  }
  return <SigningForm token={token} content={page.data} onSigned={() => setDone(true)} />;
}

type OpenSigning = Extract<SoaSigning, { state: 'open' }>;

function appointmentText(content: OpenSigning, text: SoaFormText): string {
  // in the zone the appointment was booked in, with its name: what the e-mail and the PDF say (issue 45)
  const when = formatInstant(
    content.appointmentAt,
    content.appointmentTimeZone,
    'long',
    content.language === 'es' ? 'es-US' : 'en-US',
  );
  return `${when} · ${text.kinds[content.appointmentKind]}`;
}

function SigningForm({ token, content, onSigned }: { token: string; content: OpenSigning; onSigned: () => void }) {
  const text = SOA_FORM_TEXT[content.language];
  const signSoa = useSignSoa(token);
  const resolve = schemaResolver(SignSoaRequestSchema, { sync: true });
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      signer: 'beneficiary' as 'beneficiary' | 'representative',
      relationship: '',
      signerName: '',
      products: [] as string[],
      agreed: false,
    },
    // the contract's schema decides what is wrong; the words are the beneficiary's language
    validate: (values) => {
      const errors = resolve(values);
      const words: Record<string, string> = {
        products: text.errors.products,
        signerName: text.errors.name,
        relationship: text.errors.relationship,
        agreed: text.errors.agree,
      };
      return Object.fromEntries(
        Object.keys(errors).map((field) => {
          const key = field.split('.')[0]!;
          return [key, words[key] ?? String(errors[field])];
        }),
      );
    },
  });
  const values = form.getValues();
  const errors = form.errors;
  const products = SOA_PRODUCTS.filter((product) => content.products.includes(product));
  const isGone = signSoa.error instanceof ApiError && signSoa.error.status === 410;
  if (isGone) return <Expired />;

  return (
    <form
      lang={content.language}
      noValidate
      onSubmit={form.onSubmit((submitted) =>
        signSoa.mutate(SignSoaRequestSchema.parse(submitted), { onSuccess: onSigned }),
      )}
    >
      <NoIndex />
      <Stack gap="lg">
        <Title order={1} fz={30}>
          {text.title}
        </Title>
        <Text size={BODY} fw={700}>
          {content.beneficiaryName}
        </Text>
        <Stack gap={4}>
          <Text size={BODY}>{text.agentIntro(content.agent.name)}</Text>
          <Text size={BODY}>
            {text.agentNpn}: {content.agent.npn}
          </Text>
          {content.agent.phone && (
            <Text size={BODY}>
              {text.agentPhone}: <a href={`tel:${content.agent.phone}`}>{content.agent.phone}</a>
            </Text>
          )}
          <Text size={BODY}>
            {text.appointment}: {appointmentText(content, text)}
          </Text>
        </Stack>
        <Text size={BODY}>{text.about}</Text>

        <fieldset className={classes.group} aria-describedby={errors.products ? 'soa-products-error' : undefined}>
          <legend className={classes.legend}>{text.chooseProducts}</legend>
          <Stack gap="md">
            {products.map((product) => (
              <label key={product} className={classes.choice}>
                <input
                  type="checkbox"
                  checked={values.products.includes(product)}
                  onChange={(event) =>
                    form.setFieldValue(
                      'products',
                      event.currentTarget.checked
                        ? [...values.products, product]
                        : values.products.filter((p) => p !== product),
                    )
                  }
                />
                <span className={classes.name}>
                  {text.products[product].name}
                  <span className={classes.plain}>{text.products[product].plain}</span>
                </span>
              </label>
            ))}
          </Stack>
          {errors.products && (
            <div id="soa-products-error" className={classes.error}>
              {errors.products}
            </div>
          )}
        </fieldset>

        <Text size={BODY} fw={700}>
          {text.noObligation}
        </Text>
        <Text size={BODY}>{text.agentPaid}</Text>
        <Text size={BODY}>{text.confidential}</Text>

        <fieldset className={classes.group}>
          <legend className={classes.legend}>{text.whoSigns}</legend>
          <Stack gap="md">
            {(['beneficiary', 'representative'] as const).map((signer) => (
              <label key={signer} className={classes.choice}>
                <input
                  type="radio"
                  name="signer"
                  value={signer}
                  checked={values.signer === signer}
                  onChange={() => form.setFieldValue('signer', signer)}
                />
                <Text size={BODY} component="span">
                  {signer === 'beneficiary'
                    ? text.signerBeneficiary(content.beneficiaryName)
                    : text.signerRepresentative}
                </Text>
              </label>
            ))}
          </Stack>
        </fieldset>
        {values.signer === 'representative' && (
          <TextInput
            size="xl"
            label={text.relationship}
            description={text.relationshipHint}
            autoComplete="off"
            styles={{ label: { fontSize: 22 }, description: { fontSize: 18 } }}
            {...form.getInputProps('relationship')}
          />
        )}
        <TextInput
          size="xl"
          label={text.typedName}
          description={text.typedNameHint}
          autoComplete="name"
          styles={{ label: { fontSize: 22 }, description: { fontSize: 18 }, input: { fontSize: 24 } }}
          {...form.getInputProps('signerName')}
        />
        <div>
          <label className={classes.choice}>
            <input
              type="checkbox"
              checked={values.agreed}
              aria-describedby={errors.agreed ? 'soa-agree-error' : undefined}
              onChange={(event) => form.setFieldValue('agreed', event.currentTarget.checked)}
            />
            <Text size={BODY} component="span" fw={600}>
              {text.agree}
            </Text>
          </label>
          {errors.agreed && (
            <div id="soa-agree-error" className={classes.error}>
              {errors.agreed}
            </div>
          )}
        </div>
        {signSoa.isError && (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title="Error">
            <Text size={BODY}>{errorMessage(signSoa.error)}</Text>
          </Alert>
        )}
        <Button type="submit" size="xl" fz={24} h={64} fullWidth loading={signSoa.isPending}>
          {text.submit}
        </Button>
      </Stack>
    </form>
  );
}

/** Only this, once signed: no name, no products, nothing of the form. */
function Done({ language }: { language: SoaLanguage | undefined }) {
  const languages: SoaLanguage[] = language ? [language] : ['en', 'es'];
  return (
    <Stack gap="lg" align="center" ta="center" py="md">
      <NoIndex />
      <IconCircleCheck size={64} color="var(--mantine-color-teal-8)" aria-hidden="true" />
      {languages.map((lang, i) => (
        <Stack key={lang} gap="xs" lang={lang}>
          {i === 0 ? (
            <Title order={1} fz={28}>
              {SOA_FORM_TEXT[lang].doneTitle}
            </Title>
          ) : (
            <Text size={BODY} fw={700}>
              {SOA_FORM_TEXT[lang].doneTitle}
            </Text>
          )}
          <Text size={BODY}>{SOA_FORM_TEXT[lang].doneBody}</Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** One answer for any link that cannot be used, in both languages (the link no longer says which). */
function Expired() {
  return (
    <Stack gap="lg" align="center" ta="center" py="md">
      <NoIndex />
      <IconClockX size={64} color="var(--mantine-color-orange-8)" aria-hidden="true" />
      {(['en', 'es'] as const).map((lang, i) => (
        <Stack key={lang} gap="xs" lang={lang}>
          {i === 0 ? (
            <Title order={1} fz={28}>
              {SOA_FORM_TEXT[lang].expiredTitle}
            </Title>
          ) : (
            <Text size={BODY} fw={700}>
              {SOA_FORM_TEXT[lang].expiredTitle}
            </Text>
          )}
          <Text size={BODY}>{SOA_FORM_TEXT[lang].expiredBody}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
