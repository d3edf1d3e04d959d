// The global types of TypeScript's own lib files (lib.es*.d.ts, lib.dom.d.ts, lib.esnext.*):
// a name among them that the workspace does not declare is the language's, not the
// project's — `class Options implements Record<string, unknown>` names no service.

const LIB_TYPES = new Set([
  // utility types
  "Record", "Partial", "Required", "Readonly", "Pick", "Omit", "Exclude", "Extract", "NonNullable", "ReturnType",
  "InstanceType", "Parameters", "ConstructorParameters", "ThisParameterType", "OmitThisParameter", "ThisType", "Awaited",
  "Uppercase", "Lowercase", "Capitalize", "Uncapitalize", "NoInfer",
  // built-in objects and their interfaces
  "Object", "Function", "CallableFunction", "NewableFunction", "String", "Number", "Boolean", "Symbol", "BigInt", "Date", "RegExp",
  "Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError",
  "Array", "ReadonlyArray", "ArrayLike", "ConcatArray", "TemplateStringsArray", "Promise", "PromiseLike", "PromiseConstructorLike",
  "Map", "ReadonlyMap", "WeakMap", "Set", "ReadonlySet", "WeakSet", "WeakRef", "FinalizationRegistry",
  "Iterable", "Iterator", "IterableIterator", "IteratorObject", "IteratorResult", "AsyncIterable", "AsyncIterator",
  "AsyncIterableIterator", "AsyncIteratorObject", "Generator", "AsyncGenerator", "ArrayBuffer", "SharedArrayBuffer",
  "ArrayBufferLike", "ArrayBufferView", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array",
  "Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array", "PropertyKey",
  "PropertyDescriptor", "PropertyDescriptorMap", "TypedPropertyDescriptor", "ProxyHandler", "Disposable", "AsyncDisposable",
  "DisposableStack", "AsyncDisposableStack", "JSON", "Math", "Intl", "Atomics", "Reflect", "Proxy",
  // DOM and web globals a class commonly implements
  "EventTarget", "EventListener", "EventListenerObject", "Event", "CustomEvent", "AbortSignal", "AbortController",
  "ReadableStream", "WritableStream", "TransformStream", "UnderlyingSource", "UnderlyingSink", "Transformer",
  "Headers", "Request", "Response", "URL", "URLSearchParams", "FormData", "Blob", "File", "Storage", "Console",
  "HTMLElement", "Element", "Node", "Document", "Window", "MessagePort", "Worker", "TextEncoder", "TextDecoder",
]);

/** Whether `name` (a plain identifier) is one of TypeScript's lib global types. */
export function isLibType(name: string): boolean {
  return LIB_TYPES.has(name);
}
