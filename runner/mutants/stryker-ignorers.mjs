// A Stryker ignorer: the text and rule id of a refusal (the arguments of `err(code, message, rule)` after the
// code) are not part of conformance (spec/INTERPRETING.md, "What is not tested"), so no fixture can kill a
// mutant of them. Ignored mutants are listed in Stryker's report and left out of its score.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const refusalDetail = {
  shouldIgnore(path) {
    const call = path.parentPath;
    if (call?.isCallExpression() !== true || !call.get('callee').isIdentifier({ name: 'err' })) return undefined;
    return path.listKey === 'arguments' && path.key >= 1 ? 'the message and rule id of a refusal are not compared' : undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'refusal-detail', refusalDetail)];
