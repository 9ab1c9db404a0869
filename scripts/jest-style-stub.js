// Stands in for every imported stylesheet in unit tests (see jest.config.js).
module.exports = {};
