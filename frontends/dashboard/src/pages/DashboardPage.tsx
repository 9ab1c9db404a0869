import { Tabs } from '@mantine/core';
import { MESSAGES, type AccountResponse } from '@fxrates/domain';
import { ErrorAlert, LoadingState, PageSection, useApi } from '@fxrates/web-kit';
import { useEffect, useState } from 'react';
import { SubscriptionSuccessNotice } from '../billing/SubscriptionSuccessNotice';
import { KeysPanel } from '../keys/KeysPanel';
import { TestKeysBanner } from '../keys/TestKeysBanner';
import { Overview } from '../overview/Overview';
import { welcomeText } from '../overview/welcome';
import { DashboardSections } from '../sections/DashboardSections';
import { useDashboardData } from '../use-dashboard-data';
import { QuotaBanner } from '../usage/QuotaBanner';
import { UsageBreakdownSection } from '../usage/UsageBreakdownSection';
import { UsageStats } from '../usage/UsageStats';
import { VerifyEmailBanner } from '../verification/VerifyEmailBanner';

/** /dashboard: Overview, API Keys and Usage Stats. */
export function DashboardPage() {
  const { client } = useApi();
  const data = useDashboardData();
  const [account, setAccount] = useState<AccountResponse | null>(null);

  useEffect(() => {
    client
      .get<AccountResponse>('/account')
      .then(setAccount, (error: unknown) => console.error('Failed to load the account name', error));
  }, [client]);

  return (
    <PageSection title="Dashboard" description="Your API keys and usage at a glance.">
      <DashboardSections />
      <SubscriptionSuccessNotice />
      <VerifyEmailBanner />
      <QuotaBanner usage={data.usage} />
      <TestKeysBanner active={data.active} />
      {/* Above the tabs: the Overview's counts come from the same lists, so it is not true either. */}
      {data.keysFailed && (
        <ErrorAlert
          message={MESSAGES.loadApiKeysFailed}
          onRetry={() => void data.reload()}
          retrying={data.reloading}
          data-testid="keys-load-error"
        />
      )}
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
            <Overview
              welcome={welcomeText(account)}
              active={data.keysFailed ? null : data.active}
              usage={data.usage}
              onKeyCreated={() => void data.reload()}
            />
          </Tabs.Panel>
          <Tabs.Panel value="keys" pt="lg">
            <KeysPanel
              active={data.active}
              disabled={data.disabled}
              disabledNext={data.disabledNext}
              onLoadMoreDisabled={data.loadMoreDisabled}
              failed={data.keysFailed}
              onChanged={() => void data.reload()}
            />
          </Tabs.Panel>
          <Tabs.Panel value="usage" pt="lg">
            <UsageStats
              usage={data.usage}
              failed={data.usageFailed}
              retrying={data.reloading}
              onRetry={() => void data.reload()}
              keys={[...data.active, ...data.disabled]}
            />
            <UsageBreakdownSection />
          </Tabs.Panel>
        </Tabs>
      )}
    </PageSection>
  );
}
