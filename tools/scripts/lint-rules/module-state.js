// @ts-check
/**
 * `state/no-module-state`: nothing mutable lives at module level (docs/ARCHITECTURE.md, "State belongs to the
 * app"). Module level may hold constants, functions, types, mongoose schemas and models, and lookup tables typed
 * ReadonlyMap / ReadonlySet; state (caches, buffers, recorders, limiters, counters) is made by the app (the API's
 * createApp, the web's providers) and passed down, so two apps, two mock sessions or two tests in one process
 * share nothing. The nine patterns it reports, each with its own message id:
 *
 * 1. `let`: a `let` or `var` declared at module level (exported or not).
 * 2. `collection`: a module-level `new Map`, `Set`, `WeakMap` or `WeakSet`, unless the binding is typed
 *    ReadonlyMap or ReadonlySet (a lookup table nobody can change).
 * 3. `instance`: a module-level `new` of anything else (bound to a name or `export default`), except the values
 *    that hold no state: RegExp, URL, Date, Error, Intl formatters, TextEncoder / TextDecoder, mongoose Schema.
 * 4. `factory`: a module-level name bound to (or exported as) the result of a `create*()` call.
 * 5. `factoryCall`: a module-level `create*()` call made for its effect (the result registered somewhere).
 * 6. `arrayMutation`: an array method that changes its array (push, pop, shift, unshift, splice, sort, reverse,
 *    fill, copyWithin) called on a module-level binding, or on anything reached from it, anywhere in the file.
 * 7. `objectMutation`: a property of a module-level binding (or of anything reached from it) assigned,
 *    incremented or deleted, a Map or Set method that changes it (set, add, delete, clear) called on one, or one
 *    passed to Object.assign / defineProperty / defineProperties / setPrototypeOf, anywhere in the file.
 * 8. `staticField`: a class `static` field that is not `readonly`, or a `static { }` block.
 * 9. `global`: a property of globalThis, global, window or self assigned, incremented or deleted.
 *
 * A binding reported for what it holds (1-4) is not reported again for its changes. An option `allow` names
 * factories and classes a config allows (React's createContext: the value lives in its provider). Anything else
 * that must stay at module level carries an eslint-disable line saying why.
 */

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);
const STATELESS = new Set(['RegExp', 'URL', 'Date', 'Error', 'TypeError', 'RangeError', 'TextEncoder', 'TextDecoder']);
const ARRAY_MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);
const COLLECTION_MUTATORS = new Set(['set', 'add', 'delete', 'clear']);
const OBJECT_MUTATORS = new Set(['assign', 'defineProperty', 'defineProperties', 'setPrototypeOf']);
const GLOBALS = new Set(['globalThis', 'global', 'window', 'self']);
const FACTORY = /^create[A-Z]/;

/** @param {any} node */
const unwrap = (node) => {
  let inner = node;
  while (
    inner &&
    (inner.type === 'TSAsExpression' || inner.type === 'TSSatisfiesExpression' || inner.type === 'TSNonNullExpression')
  )
    inner = inner.expression;
  return inner;
};

/** The name a callee is known by: `Map`, `Intl.NumberFormat` -> `NumberFormat` (its namespace apart). */
/** @param {any} callee */
const calleeName = (callee) => {
  if (callee.type === 'Identifier') return { name: callee.name, namespace: undefined };
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier')
    return {
      name: callee.property.name,
      namespace: callee.object.type === 'Identifier' ? callee.object.name : undefined,
    };
  return { name: undefined, namespace: undefined };
};

/** @param {any} node */
const isStatelessNew = (node) => {
  const { name, namespace } = calleeName(node.callee);
  return (name !== undefined && STATELESS.has(name)) || namespace === 'Intl' || name === 'Schema';
};

/** @param {any} node */
const isFactoryCall = (node) => {
  const { name } = calleeName(node.callee);
  return name !== undefined && FACTORY.test(name);
};

/** The outermost member expression of a chain that starts at `node` (`a` of `a.b.c` -> `a.b.c`). */
/** @param {any} node */
const memberChainTop = (node) => {
  let top = node;
  while (top.parent && top.parent.type === 'MemberExpression' && top.parent.object === top) top = top.parent;
  return top;
};

/** How the expression at `top` (a member chain) is changed, if it is: 'array', 'object' or undefined. */
/** @param {any} top */
const mutationOf = (top) => {
  const parent = top.parent;
  if (!parent) return undefined;
  if (parent.type === 'AssignmentExpression' && parent.left === top) return 'object';
  if (parent.type === 'UpdateExpression' && parent.argument === top) return 'object';
  if (parent.type === 'UnaryExpression' && parent.operator === 'delete' && parent.argument === top) return 'object';
  return undefined;
};

/** @type {import('eslint').Rule.RuleModule} */
export const noModuleState = {
  meta: {
    type: 'problem',
    docs: { description: 'No mutable state at module level: create it in the app and pass it down.' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      let: 'Module-level `let`/`var`: state belongs to the app (create it in createApp / a provider, pass it down).',
      collection:
        'Module-level Map/Set: create it in the app and pass it down, or type it ReadonlyMap/ReadonlySet if it is a fixed table.',
      instance: 'Module-level instance (`new {{name}}`): create it in the app and pass it down.',
      factory: 'Module-level `{{name}}()` result: create it in the app and pass it down.',
      factoryCall: 'Module-level `{{name}}()` call: create it in the app.',
      arrayMutation: "Module-level array `{{name}}` changed (`{{method}}`): keep the list in the app's state.",
      objectMutation: "Module-level `{{name}}` changed: keep what changes in the app's state.",
      staticField:
        'Static class state: a `static` field that is not readonly, or a static block, is module-level state.',
      global: 'Global state: `{{name}}` changed; pass what changes down instead.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    /** Factories and classes a config allows at module level (each with its reason there). */
    const allowed = new Set(/** @type {{ allow?: string[] }} */ (context.options[0] ?? {}).allow ?? []);
    /** Declarations already reported: what they hold is state, said once; their changes are not said again. */
    const reported = new Set();

    /** @param {any} declaration */
    const checkDeclaration = (declaration) => {
      if (declaration.type !== 'VariableDeclaration') return;
      if (declaration.kind === 'let' || declaration.kind === 'var') {
        context.report({ node: declaration, messageId: 'let' });
        for (const declarator of declaration.declarations) reported.add(declarator);
        return;
      }
      for (const declarator of declaration.declarations)
        if (checkValue(unwrap(declarator.init), declarator.id)) reported.add(declarator);
    };

    /** Reports a module-level value that is state; answers whether it did. */
    /** @param {any} value @param {any} id */
    const checkValue = (value, id) => {
      if (!value) return false;
      if (value.type === 'NewExpression') {
        const { name } = calleeName(value.callee);
        if (name !== undefined && allowed.has(name)) return false;
        if (name !== undefined && COLLECTIONS.has(name)) {
          const typeName = id?.typeAnnotation?.typeAnnotation?.typeName?.name;
          if (typeName === 'ReadonlyMap' || typeName === 'ReadonlySet') return false;
          context.report({ node: value, messageId: 'collection' });
          return true;
        }
        if (isStatelessNew(value)) return false;
        context.report({ node: value, messageId: 'instance', data: { name: name ?? '?' } });
        return true;
      }
      if (
        value.type === 'CallExpression' &&
        isFactoryCall(value) &&
        !allowed.has(calleeName(value.callee).name ?? '')
      ) {
        context.report({ node: value, messageId: 'factory', data: { name: calleeName(value.callee).name ?? '?' } });
        return true;
      }
      return false;
    };

    /** @param {any} reference @param {boolean} isImport */
    const checkReference = (reference, isImport) => {
      const identifier = reference.identifier;
      const name = identifier.name;
      const parent = identifier.parent;
      if (
        parent?.type === 'CallExpression' &&
        parent.arguments[0] === identifier &&
        parent.callee.type === 'MemberExpression' &&
        parent.callee.object.type === 'Identifier' &&
        parent.callee.object.name === 'Object' &&
        parent.callee.property.type === 'Identifier' &&
        OBJECT_MUTATORS.has(parent.callee.property.name)
      ) {
        context.report({ node: parent, messageId: 'objectMutation', data: { name } });
        return;
      }
      const top = memberChainTop(identifier);
      if (top === identifier) return;
      if (mutationOf(top)) {
        context.report({ node: top.parent, messageId: 'objectMutation', data: { name } });
        return;
      }
      // A method called on the binding or on something reached from it: `list.push(...)`, `a.b.items.sort()`.
      const call = top.parent;
      if (call?.type === 'CallExpression' && call.callee === top && top.property?.type === 'Identifier') {
        const method = top.property.name;
        if (ARRAY_MUTATORS.has(method))
          context.report({ node: call, messageId: 'arrayMutation', data: { name, method } });
        // An imported object's set/add/delete are its API (mongoose.set), not a collection of this module's.
        else if (COLLECTION_MUTATORS.has(method) && top.object === identifier && !isImport)
          context.report({ node: call, messageId: 'objectMutation', data: { name } });
      }
    };

    return {
      Program(program) {
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration) checkDeclaration(declaration);
          if (statement.type === 'ExportDefaultDeclaration') checkValue(unwrap(statement.declaration), undefined);
          if (statement.type === 'ExpressionStatement') {
            const expression = unwrap(statement.expression);
            if (
              expression.type === 'CallExpression' &&
              isFactoryCall(expression) &&
              !allowed.has(calleeName(expression.callee).name ?? '')
            )
              context.report({
                node: expression,
                messageId: 'factoryCall',
                data: { name: calleeName(expression.callee).name ?? '?' },
              });
          }
        }
        const globalScope = sourceCode.getScope(program);
        const moduleScope = globalScope.childScopes.find((scope) => scope.type === 'module') ?? globalScope;
        for (const variable of moduleScope.variables) {
          // A function or class is not state; what a binding of a value holds may be.
          if (
            variable.defs.every((def) => def.type === 'FunctionName' || def.type === 'ClassName' || def.type === 'Type')
          )
            continue;
          if (variable.defs.some((def) => reported.has(def.node))) continue;
          const isImport = variable.defs.some((def) => def.type === 'ImportBinding');
          for (const reference of variable.references) checkReference(reference, isImport);
        }
      },
      /** @param {any} node */
      PropertyDefinition(node) {
        if (node.static && !node.readonly) context.report({ node, messageId: 'staticField' });
      },
      StaticBlock(node) {
        context.report({ node, messageId: 'staticField' });
      },
      /** @param {any} node */
      'AssignmentExpression, UpdateExpression, UnaryExpression[operator="delete"]'(node) {
        const target = node.type === 'AssignmentExpression' ? node.left : node.argument;
        if (target.type !== 'MemberExpression') return;
        let root = target;
        while (root.type === 'MemberExpression') root = unwrap(root.object);
        if (root.type !== 'Identifier' || !GLOBALS.has(root.name)) return;
        // A local variable of that name is not the global.
        let scope = sourceCode.getScope(node);
        while (scope) {
          const variable = scope.set.get(root.name);
          if (variable && variable.defs.length > 0) return;
          scope = scope.upper;
        }
        context.report({ node, messageId: 'global', data: { name: sourceCode.getText(target) } });
      },
    };
  },
};

/** The plugin eslint.config.js registers as `state`. */
export const moduleStatePlugin = { rules: { 'no-module-state': noModuleState } };
