/** Schema inference: drafting a new pinned schema set as amendments on the previous one. */
export {
  type CorpusFile,
  type CorpusFrame,
  type InferenceResult,
  type InferredAmendment,
  inferAmendments,
  messageKind,
  type UnresolvedFinding,
} from './infer-amendments.js';
export { inferObject, inferShape, type Shape, shapeToSource, shapeToZod } from './infer-shape.js';
export { readCorpus } from './read-corpus.js';
export { renderAmendmentsSource, renderIndexSource } from './render-source.js';
export { resolveRoute, valueAt } from './resolve-route.js';
