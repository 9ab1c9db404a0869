// `testTimeout` in this project's config is ignored when jest runs it as one of the root config's
// projects (it is a global option there): a cluster takes seconds to start and stop.
jest.setTimeout(120_000);
