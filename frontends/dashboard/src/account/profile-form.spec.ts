import { PROFILE_RULES, hasChanges, profileChanges, profileValuesOf } from './profile-form';

const ADA = { firstName: 'Ada', lastName: 'Lovelace', company: null };

describe('the profile form', () => {
  it('starts from the account, an absent company as an empty field', () => {
    expect(profileValuesOf(ADA)).toEqual({ firstName: 'Ada', lastName: 'Lovelace', company: '' });
    expect(profileValuesOf({ ...ADA, company: 'Engines Ltd' }).company).toBe('Engines Ltd');
  });

  it('sends only what changed, trimmed', () => {
    expect(profileChanges(ADA, { firstName: ' Augusta ', lastName: 'Lovelace', company: '' })).toEqual({
      firstName: 'Augusta',
    });
    expect(
      profileChanges(ADA, { firstName: 'Ada', lastName: 'King', company: '  Analytical Engines Ltd ' }),
    ).toEqual({ lastName: 'King', company: 'Analytical Engines Ltd' });
  });

  it('has nothing to save when only spaces were added', () => {
    const changes = profileChanges(ADA, { firstName: ' Ada', lastName: 'Lovelace  ', company: '   ' });
    expect(changes).toEqual({});
    expect(hasChanges(changes)).toBe(false);
    expect(hasChanges({ company: null })).toBe(true);
  });

  it('removes an emptied company with null', () => {
    const engines = { ...ADA, company: 'Engines Ltd' };
    expect(profileChanges(engines, { firstName: 'Ada', lastName: 'Lovelace', company: ' ' })).toEqual({
      company: null,
    });
  });

  it('requires both names, at most 100 characters once trimmed, as registration does', () => {
    expect(PROFILE_RULES.firstName('  ')).toBe('First name is required.');
    expect(PROFILE_RULES.lastName('')).toBe('Last name is required.');
    expect(PROFILE_RULES.firstName(` ${'a'.repeat(100)} `)).toBeNull();
    expect(PROFILE_RULES.lastName('a'.repeat(101))).toBe('Last name must be at most 100 characters.');
    // Counted in characters, as the API counts them: 100 emoji are 100, not 200.
    expect(PROFILE_RULES.firstName('😀'.repeat(100))).toBeNull();
  });

  it('lets the company be empty, and at most 200 characters', () => {
    expect(PROFILE_RULES.company('')).toBeNull();
    expect(PROFILE_RULES.company('a'.repeat(200))).toBeNull();
    expect(PROFILE_RULES.company('a'.repeat(201))).toBe('Company must be at most 200 characters.');
  });
});
