import { Button, Paper, Stack } from '@mantine/core';
import { PLANS } from '@fxrates/domain';
import {
  ErrorAlert,
  PageSection,
  readPlanSelection,
  useAuth,
  type PlanSelectionState,
} from '@fxrates/web-kit';
import { NewPasswordFields } from '@fxrates/web-kit/forms';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { registerPageError } from '../auth/auth-errors';
import { AuthPageLink } from '../auth/AuthPageLink';
import { DEFAULT_SIGNED_IN_PATH } from '../auth/return-path';
import { useRegisterForm, type RegisterFormValues } from '../auth/register-form';
import { toRegisterRequest } from '../auth/register-request';
import { RegisterIdentityFields } from '../auth/RegisterIdentityFields';
import { useSubmission } from '../auth/use-submission';

/**
 * /register. A plan chosen on the pricing page arrives in the navigation state: a paid
 * one continues to /subscribe with the plan and the annual flag, anything else to /dashboard. A visitor
 * who is signed in already (not by signing up here) goes to /dashboard at once.
 */
export function RegisterPage() {
  const { user, signup } = useAuth();
  const [signingUpHere, setSigningUpHere] = useState(false);
  const navigate = useNavigate();
  const selection = readPlanSelection(useLocation().state);
  const form = useRegisterForm();
  const { error, setError, run } = useSubmission();

  const submit = async (values: RegisterFormValues) => {
    setSigningUpHere(true);
    const outcome = await run(() => signup(toRegisterRequest(values, selection?.plan)));
    if (!outcome) return;
    if (!outcome.ok) {
      setSigningUpHere(false);
      setError(registerPageError(outcome.error));
      return;
    }
    if (selection && selection.plan !== 'free') {
      const state: PlanSelectionState = { plan: selection.plan, isAnnual: selection.isAnnual };
      navigate('/subscribe', { state });
    } else {
      navigate('/dashboard');
    }
  };

  // Signing up here sets the user too; then the submit handler chooses /subscribe or /dashboard.
  if (user && !signingUpHere) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;

  return (
    <PageSection
      title="Create Account"
      size={600}
      description={
        selection && selection.plan !== 'free'
          ? `${PLANS[selection.plan].name} plan, billed ${selection.isAnnual ? 'annually' : 'monthly'}: you can pay right after creating your account.`
          : undefined
      }
    >
      <Paper withBorder p="lg" radius="md" shadow="xs">
        <form onSubmit={form.onSubmit(submit, () => setError(null))}>
          <Stack gap="md">
            {error && <ErrorAlert message={error} data-testid="register-page-error" />}
            <RegisterIdentityFields
              form={form}
              companyLabel="Company Name (optional)"
              emailLabel="Email Address"
            />
            <NewPasswordFields form={form} />
            <Button type="submit" fullWidth disabled={form.submitting}>
              {form.submitting ? 'Creating Account...' : 'Create Account'}
            </Button>
            <AuthPageLink prompt="Already have an account?" to="/login" label="Sign in" />
          </Stack>
        </form>
      </Paper>
    </PageSection>
  );
}
