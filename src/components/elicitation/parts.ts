/** The parts of an elicitation dialog, imported as the `Elicitation` namespace. */
export {
  ElicitationActions as Actions,
  ElicitationBody as Body,
  ElicitationContent as Content,
  ElicitationDescription as Description,
  ElicitationRoot as Root,
  ElicitationTitle as Title,
  type ElicitationBodyProps as BodyProps,
  type ElicitationContentProps as ContentProps,
  type ElicitationRootProps as RootProps,
} from './elicitation-dialog.js';
