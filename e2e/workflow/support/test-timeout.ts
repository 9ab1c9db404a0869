// A global option when jest runs this as one of the root config's projects: a build or a watcher's
// first round takes a while on a busy machine.
jest.setTimeout(300_000);
