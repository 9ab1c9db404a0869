import { EMPTY_REGISTER_FORM } from './register-form';
import { toRegisterRequest } from './register-request';

const ADA = {
  ...EMPTY_REGISTER_FORM,
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: ' ada@example.test ',
  password: ' secret-123',
  confirmPassword: ' secret-123',
};

describe('register request', () => {
  it('sends the business or company name as company, and the chosen plan', () => {
    expect(toRegisterRequest({ ...ADA, company: ' Analytical Engines ' }, 'professional')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      email: 'ada@example.test',
      password: ' secret-123',
      confirmPassword: ' secret-123',
      plan: 'professional',
    });
  });

  it('leaves out an empty company and a missing plan', () => {
    const request = toRegisterRequest({ ...ADA, company: '   ' });
    expect(request).not.toHaveProperty('company');
    expect(request).not.toHaveProperty('plan');
  });
});
