import { Tabs } from '@mantine/core';
import type { AccountResponse } from '@fxrates/domain';
import { LoadingState, PageSection, useApi } from '@fxrates/web-kit';
import { useEffect, useState } from 'react';
import { SubscriptionSuccessNotice } from '../billing/SubscriptionSuccessNotice';
import { KeysPanel } from '../keys/KeysPanel';
import { Overview } from '../overview/Overview';
import { useDashboardData } from '../use-dashboard-data';
import { UsageStats } from '../usage/UsageStats';

/** /dashboard: Overview, API Keys and Usage Stats (spec §2 Dashboard). */
export function DashboardPage() {
  const { client } = useApi();
  const data = useDashboardData();
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    client.get<AccountResponse>('/account').then(
      (account) => setName(account.displayName),
      (error: unknown) => console.error('Failed to load the account name', error),
    );
  }, [client]);

  return (
    <PageSection title="Dashboard" size="lg" description="Your API keys and usage at a glance.">
      <SubscriptionSuccessNotice />
      {data.loading ? (
        <LoadingState />
      ) : (
        <Tabs defaultValue="overview" onChange={() => void data.reload()}>
          <Tabs.List>
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
            <Tabs.Tab value="keys">API Keys</Tabs.Tab>
            <Tabs.Tab value="usage">Usage Stats</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="lg">
            <Overview name={name} active={data.active} usage={data.usage} />
          </Tabs.Panel>
          <Tabs.Panel value="keys" pt="lg">
            <KeysPanel
              active={data.active}
              disabled={data.disabled}
              failed={data.keysFailed}
              onChanged={() => void data.reload()}
            />
          </Tabs.Panel>
          <Tabs.Panel value="usage" pt="lg">
            <UsageStats usage={data.usage} keys={[...data.active, ...data.disabled]} />
          </Tabs.Panel>
        </Tabs>
      )}
    </PageSection>
  );
}
