export { Stepper } from './Stepper';
export type { StepperProps, StepperStep, StepperVariant } from './Stepper';
