import { formatPlanMoney, padPlanId, SUPPLIES_MESSAGES, type Company, type Plan, type Product } from '@arc/contract';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { startCheckout, useSuppliesCart } from '../../api/supplies-cart.ts';
import { catalogQueries } from '../../api/supplies-catalog.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useFocusOnMount } from '../../ui/focus.ts';
import type { SearchRequest } from './product-search.tsx';

const NOT_READY_LABEL = 'Not Ready to Sell';

function BackButton({ onClick, label = 'Back' }: { onClick: () => void; label?: string }) {
  return (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Once a product is in the cart its add button becomes a text with its count that opens checkout (spec §4). */
function AddOrCount({ productId, label, onAdd }: { productId: string; label: string; onAdd: () => void }) {
  const { lines } = useSuppliesCart();
  const line = lines.find((l) => l.productId === productId);
  if (line) {
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={startCheckout}
        aria-label={`${line.qty} in cart: ${label}, check out`}
      >
        {line.qty} in cart
      </Button>
    );
  }
  return (
    <Button size="compact-sm" onClick={onAdd} aria-label={`Add to Cart: ${label}`}>
      Add to Cart
    </Button>
  );
}

function NotReadyBadge() {
  return (
    // white on the dark red (about 5.5:1): a light tint of the same red under red text did not reach 4.5:1
    <Badge color="red.9" variant="filled" title="Orders for this carrier are not sent">
      {NOT_READY_LABEL}
    </Badge>
  );
}

function CarrierRow({ company, action }: { company: Company; action: React.ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{company.name}</Text>
          <Group gap={6}>
            {company.plantypes.length > 0 && (
              <Text size="sm" c="dimmed">
                {company.plantypes.join(', ')}
              </Text>
            )}
            {!company.isReadyToSell && <NotReadyBadge />}
          </Group>
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}

export interface CarrierListProps {
  request: SearchRequest;
  onBack: () => void;
  onViewPlans: (company: string) => void;
  onAdd: (product: Product) => void;
}

/** Results step: the carriers for the search, with View Plans (MA) or Add to Cart (other types). */
export function CarrierList({ request, onBack, onViewPlans, onAdd }: CarrierListProps) {
  const byCounty = useQuery({
    ...catalogQueries.byCounty({ countyid: request.kind === 'county' ? request.countyId : '', year: request.year }),
    enabled: request.kind === 'county',
  });
  const byState = useQuery({
    ...catalogQueries.byState({
      stateabbr: request.state,
      year: request.year,
      productType: request.kind === 'state' ? request.productType : '',
    }),
    enabled: request.kind === 'state',
  });
  const query = request.kind === 'county' ? byCounty : byState;
  const companies =
    request.kind === 'county'
      ? (byCounty.data?.[0]?.groups.flatMap((g) => g.companies) ?? [])
      : (byState.data?.flatMap((g) => g.companies) ?? []);
  const title =
    request.kind === 'county'
      ? `${request.year} Medicare Advantage carriers in ${request.countyLabel}, ${request.state}`
      : `${request.year} ${request.productType} carriers in ${request.state}`;

  const heading = useFocusOnMount<HTMLHeadingElement>();

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <BackButton onClick={onBack} />
      </Group>
      {query.isPending && <Loader aria-label="Loading carriers" />}
      {query.isError && (
        <Alert color="red" title="Error" role="alert">
          {SUPPLIES_MESSAGES.productsFailed}
        </Alert>
      )}
      {query.isSuccess && companies.length === 0 && <Text>There are no carriers for this search.</Text>}
      {companies.map((company) => (
        <CarrierRow
          key={company.name}
          company={company}
          action={
            request.kind === 'county' ? (
              <Button
                size="compact-sm"
                onClick={() => onViewPlans(company.name)}
                aria-label={`View Plans: ${company.name}`}
              >
                View Plans
              </Button>
            ) : company.product ? (
              <AddOrCount
                productId={company.product.id}
                label={company.product.planname}
                onAdd={() => onAdd(company.product!)}
              />
            ) : null
          }
        />
      ))}
    </Stack>
  );
}

export interface PlanTableProps {
  request: Extract<SearchRequest, { kind: 'county' }>;
  company: string;
  onBack: () => void;
  onAdd: (product: Product) => void;
}

const planProduct = (plan: Plan): Product => ({
  id: plan.id,
  year: plan.year,
  planname: plan.planname,
  state: plan.state,
  orgname: plan.orgname,
  type: plan.type,
  contractid: plan.contractid,
  planid: plan.planid,
});

/** The carrier's plans in the county, money as US dollars or Unknown, the plan id padded to 3 digits. */
export function PlanTable({ request, company, onBack, onAdd }: PlanTableProps) {
  const plans = useQuery(
    catalogQueries.maPlans({ county: request.countyId, state: request.state, year: request.year, company }),
  );
  const columns = useMemo<DataTableColumn<Plan>[]>(
    () => [
      { id: 'planname', header: 'Plan Name', value: (p) => p.planname, searchable: true },
      {
        id: 'plantype',
        header: 'Plan Type',
        value: (p) => [p.plantypes?.name, p.snptype ? `SNP: ${p.snptype}` : null].filter(Boolean).join(' · '),
        searchable: true,
      },
      { id: 'planid', header: 'Plan ID', value: (p) => `${p.contractid}-${padPlanId(p.planid)}`, searchable: true },
      { id: 'premium', header: 'Monthly Premium', value: (p) => formatPlanMoney(p.monconspremium), align: 'right' },
      {
        id: 'deductible',
        header: 'Drug Deductible',
        value: (p) => formatPlanMoney(p.annualdrugdeductible),
        align: 'right',
      },
      { id: 'moop', header: 'In-Network MOOP', value: (p) => formatPlanMoney(p.innetworkmoop), align: 'right' },
      {
        id: 'cart',
        header: 'Cart',
        sortable: false,
        value: () => '',
        cell: (p) => <AddOrCount productId={p.id} label={p.planname} onAdd={() => onAdd(planProduct(p))} />,
      },
    ],
    [onAdd],
  );
  const isNotReady = plans.data?.[0] && !plans.data[0].isReadyToSell;

  const heading = useFocusOnMount<HTMLHeadingElement>();

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {company} plans in {request.countyLabel}, {request.state} ({request.year})
        </Title>
        <BackButton onClick={onBack} />
      </Group>
      {isNotReady && (
        <Alert color="red" variant="light" title={NOT_READY_LABEL}>
          You are not Ready to Sell {company} plans in {request.state} for {request.year}: {company} will not ship these
          kits, and the order is refused.
        </Alert>
      )}
      <DataTable
        caption={`${company} plans`}
        hideCaption
        data={plans.data}
        columns={columns}
        getRowId={(p) => p.id}
        isLoading={plans.isPending}
        error={plans.isError ? SUPPLIES_MESSAGES.productsFailed : null}
        onRetry={() => void plans.refetch()}
        initialSort={{ id: 'planid' }}
        minWidth={820}
      />
    </Stack>
  );
}
