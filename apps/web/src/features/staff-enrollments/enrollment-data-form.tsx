import * as contract from '@arc/contract';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import {
  staffEnrollmentPlansQuery,
  staffEnrollmentQuery,
  staffEnrollmentsListKey,
  updateStaffEnrollmentData,
} from '../../api/staff-enrollments.ts';
import { useSubmit } from '../../api/use-submit.ts';

/** The form's values: text fields, blank for "not known". */
interface DataValues {
  carrier: string;
  planId: string;
  planName: string;
  productType: string;
  effectiveDate: string;
  applicationNumber: string;
}

type DataBody = Omit<contract.UpdateStaffEnrollmentData, 'version'>;

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What the form sends: blanks as null (the server clears them). */
const bodyOf = (values: DataValues): DataBody => ({
  carrier: blankToNull(values.carrier),
  planId: blankToNull(values.planId)?.toUpperCase() ?? null,
  planName: blankToNull(values.planName),
  productType: (blankToNull(values.productType) as contract.SoaProduct | null) ?? null,
  effectiveDate: blankToNull(values.effectiveDate),
  applicationNumber: blankToNull(values.applicationNumber),
});

const valuesOf = (row: contract.StaffEnrollmentRow): DataValues => ({
  carrier: row.carrier ?? '',
  planId: row.planId ?? '',
  planName: row.product ?? '',
  productType: row.productType ?? '',
  effectiveDate: row.effectiveDate ?? '',
  applicationNumber: row.applicationNumber ?? '',
});

const resolver = schemaResolver(contract.UpdateStaffEnrollmentDataSchema, { sync: true });

/**
 * The enrollment's data (issue 46): the carrier, the plan (offered from the landscape of the client's county and plan
 * year, by its contract-plan id; another id may be typed), the product type, the effective date and the application
 * or confirmation number. Saved at the version shown, like every action of the panel.
 */
export function EnrollmentDataForm({ row }: { row: contract.StaffEnrollmentRow }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<DataValues>({
    mode: 'controlled',
    initialValues: valuesOf(row),
    validate: (values) => resolver({ version: row.version, ...bodyOf(values) }),
  });
  const values = form.getValues();
  const effectiveYear = /^\d{4}-/.test(values.effectiveDate) ? Number(values.effectiveDate.slice(0, 4)) : undefined;
  const plans = useQuery(staffEnrollmentPlansQuery(row.id, effectiveYear));
  const options = plans.data?.plans ?? [];
  const submit = useSubmit({
    mutationFn: (body: DataBody) => updateStaffEnrollmentData(row, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(staffEnrollmentQuery(row.id).queryKey, detail);
      setSaved(true);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffEnrollmentsListKey }),
  });

  const onPlan = (planId: string) => {
    const plan = options.find((option) => option.planId === planId);
    if (plan) {
      form.setFieldValue('planId', plan.planId);
      form.setFieldValue('planName', plan.planName);
      form.setFieldValue('carrier', plan.carrier);
      if (!form.getValues().productType) form.setFieldValue('productType', 'medicare-advantage');
    }
  };

  const where = plans.data?.county
    ? `${plans.data.county}${plans.data.state ? `, ${plans.data.state}` : ''}`
    : 'no county on the client';

  return (
    <form
      noValidate
      aria-label="Enrollment data"
      onSubmit={form.onSubmit((submitted) => {
        setSaved(false);
        submit.mutate(bodyOf(submitted));
      })}
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          Enrollment data
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <NativeSelect
            label="Plan from the landscape"
            description={
              plans.data
                ? `${options.length} plan${options.length === 1 ? '' : 's'} of the ${plans.data.year} landscape in ${where}`
                : 'Loading the landscape…'
            }
            value={options.some((plan) => plan.planId === values.planId) ? values.planId : ''}
            onChange={(event) => onPlan(event.currentTarget.value)}
            data={[
              { value: '', label: options.length > 0 ? 'Choose a plan' : 'None offered' },
              ...options.map((plan) => ({ value: plan.planId, label: `${plan.planId} · ${plan.planName}` })),
            ]}
          />
          <TextInput
            label="Plan (contract-plan id)"
            description="Filled in by the choice, or typed"
            placeholder="H1234-001"
            {...form.getInputProps('planId')}
          />
          <TextInput label="Plan name" {...form.getInputProps('planName')} />
          <TextInput label="Carrier" {...form.getInputProps('carrier')} />
          <NativeSelect
            label="Product type"
            data={[
              { value: '', label: 'Not known' },
              ...contract.SOA_PRODUCTS.map((value) => ({ value, label: contract.SOA_PRODUCT_LABELS[value] })),
            ]}
            {...form.getInputProps('productType')}
          />
          <TextInput label="Effective date" type="date" {...form.getInputProps('effectiveDate')} />
          <TextInput label="Application or confirmation number" {...form.getInputProps('applicationNumber')} />
        </SimpleGrid>
        {plans.isError && (
          <Text size="sm" c="red.8">
            {errorMessage(plans.error)}
          </Text>
        )}
        {submit.isError && (
          <Alert color="red" role="alert">
            {errorMessage(submit.error)}
          </Alert>
        )}
        {saved && !submit.isPending && (
          <Alert color="green" role="status">
            Enrollment data: saved
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={submit.isPending}>
            Save enrollment data
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
