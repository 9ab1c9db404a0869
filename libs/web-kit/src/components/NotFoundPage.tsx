import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PageSection } from './PageSection';

/** Shown for paths no app owns. */
export function NotFoundPage() {
  return (
    <PageSection
      title="Page not found"
      description="The page you are looking for does not exist or has moved."
    >
      <div>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </div>
    </PageSection>
  );
}
