// Jest resolves `require` with the "require"/"default" export conditions, which a package publishing
// only an "import" condition (kubernetes-models 5, ES modules only) does not answer. When that fails,
// resolve again as an import would; jest.config.js then compiles such packages to CommonJS
// (transformIgnorePatterns). Every package that resolves the usual way is left as it was.
module.exports = (request, options) => {
  try {
    return options.defaultResolver(request, options);
  } catch (error) {
    const conditions = [...(options.conditions ?? []), 'import'];
    try {
      return options.defaultResolver(request, { ...options, conditions });
    } catch {
      throw error;
    }
  }
};
