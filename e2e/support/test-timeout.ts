// `testTimeout` in this project's config is ignored when jest runs it as one of the root config's
// projects (it is a global option there); this applies the browser tests' budget either way.
jest.setTimeout(60_000);
