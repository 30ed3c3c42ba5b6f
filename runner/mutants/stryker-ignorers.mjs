// A Stryker ignorer: the text and rule id of a refusal (the arguments of `err(code, message, rule)` after the
// code) are not part of conformance (spec/INTERPRETING.md, "What is not tested"), so no fixture can kill a
// mutant of them. That covers the arguments themselves and a function or constant used only there: one that
// builds a refusal's message or picks its rule id (play.ts's captureProblemText and captureProblemRule). Ignored
// mutants are listed in Stryker's report and left out of its score. docs/stryker-reference.md lists them.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** Whether the path lies inside an argument of `err(...)` after the first (the message or the rule id). */
function inRefusalDetail(path) {
  for (let child = path, parent = path.parentPath; parent != null; child = parent, parent = parent.parentPath) {
    if (parent.isCallExpression() && parent.get('callee').isIdentifier({ name: 'err' }) && child.listKey === 'arguments') {
      return child.key >= 1;
    }
    if (parent.isFunction() || parent.isProgram()) return false;
  }
  return false;
}

/** Whether the name bound at `path` (a function or a const) is used, and only in refusal details. */
function usedOnlyInRefusalDetail(path, name) {
  const binding = path.scope.getBinding(name);
  const references = binding?.referencePaths ?? [];
  return binding?.constant === true && references.length > 0 && references.every(inRefusalDetail);
}

const refusalDetail = {
  shouldIgnore(path) {
    if (inRefusalDetail(path)) return 'the message and rule id of a refusal are not compared';
    if (path.isFunctionDeclaration() && path.node.id != null && usedOnlyInRefusalDetail(path.parentPath, path.node.id.name)) {
      return `${path.node.id.name} only makes the message or rule id of a refusal, which are not compared`;
    }
    if (path.isVariableDeclarator() && path.get('id').isIdentifier() && usedOnlyInRefusalDetail(path, path.node.id.name)) {
      return `${path.node.id.name} only makes the message or rule id of a refusal, which are not compared`;
    }
    return undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'refusal-detail', refusalDetail)];
