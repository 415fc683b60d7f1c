import type { ESLint, Rule } from 'eslint';

/** `state/no-module-state` (module-state.js, where its nine patterns are listed). */
export declare const noModuleState: Rule.RuleModule;
/** The plugin eslint.config.js registers as `state`. */
export declare const moduleStatePlugin: ESLint.Plugin & { rules: { 'no-module-state': Rule.RuleModule } };
