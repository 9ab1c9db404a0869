// Each file boots real apps, workers and servers, and some hash passwords with argon2 by the dozen:
// on a 2-core machine running every jest project at once, one test can pass jest's default 5 s.
// `testTimeout` in a project of the root config is ignored (it is a global option there), so the
// budget is set here; tests that wait on purpose set their own, larger limits.
jest.setTimeout(30_000);
