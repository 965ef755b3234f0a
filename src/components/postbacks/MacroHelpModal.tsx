import { lazy, Suspense } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { Button } from '../../ui/Button';
import { LoadFailureBoundary } from '../../ui/LoadFailureBoundary';
import { Modal } from '../../ui/Modal';
import { SkeletonText } from '../../ui/Skeleton';

// The help's body and its sanitiser (DOMPurify) load when the modal first opens, not with the form, which keeps the form's download small.
const HelpBody = lazy(() => import('./MacroHelpBody').then((m) => ({ default: m.HelpBody })));

export interface MacroHelpModalProps {
  /** Opens the modal at first render (stories). */
  defaultOpen?: boolean;
}

/**
 * 'See available macros' (spec 000 §2, spec 002 §2): a link-styled button opening a large modal with
 * the help text of GET /application/help/18, loaded when the modal first opens and kept after.
 */
export function MacroHelpModal({ defaultOpen }: MacroHelpModalProps) {
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <Button variant="link">See available macros</Button>
      <Modal title="Available macros" size="lg" footer={(close) => <Button variant="secondary" onPress={close}>Close</Button>}>
        <LoadFailureBoundary>
          <Suspense fallback={<SkeletonText lines={8} />}>
            <HelpBody />
          </Suspense>
        </LoadFailureBoundary>
      </Modal>
    </DialogTrigger>
  );
}
