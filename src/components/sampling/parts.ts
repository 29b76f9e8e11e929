/** The parts of a sampling review, imported as the `Sampling` namespace. */
export {
  SamplingActions as Actions,
  SamplingContent as Content,
  SamplingDescription as Description,
  SamplingRequest as Request,
  SamplingResult as Result,
  SamplingRoot as Root,
  SamplingTitle as Title,
  type SamplingContentProps as ContentProps,
  type SamplingRootProps as RootProps,
} from './sampling-dialog.js';
