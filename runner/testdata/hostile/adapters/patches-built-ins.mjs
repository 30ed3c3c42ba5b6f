// An adapter that patches built-ins as a bad polyfill would, then answers no events: it runs apart from the judge,
// so the patches change nothing there, and every fixture fails.
Set.prototype.has = () => true;
Map.prototype.get = () => undefined;
Array.prototype.filter = function () {
  return [];
};
Object.keys = () => [];
JSON.parse = () => ({ events: [] });
export default { name: 'patches', replay: async () => ({ events: [] }), close: async () => {} };
