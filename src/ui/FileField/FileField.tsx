import { useId, useRef, useState, type ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { ErrorMessage } from '../ErrorMessage';
import { Description, FileInfo, Label, Root, Row } from './FileField.styles';
import {
  DEFAULT_IMAGE_TYPES,
  formatFileSize,
  formatSizeLimit,
  sniffImageType,
  type ImageMimeType,
} from './imageFile';

export type FileRejection = 'type' | 'size';

export interface FileFieldProps {
  /** Visible label; the size limit is appended to it, e.g. "Front image (max 25MB)". */
  label: ReactNode;
  description?: ReactNode;
  /** Largest accepted file in bytes (decimal: 25_000_000 is "25MB"). */
  maxSize?: number;
  accept?: ImageMimeType[];
  /** The chosen file; `null` for none. Omit for an uncontrolled field. */
  value?: File | null;
  defaultValue?: File | null;
  /** Called with an accepted file, or `null` after Remove. Rejected files never reach it. */
  onChange?: (file: File | null) => void;
  /** Called when a chosen file is refused, with the reason. */
  onReject?: (reason: FileRejection, file: File) => void;
  /** An error from outside, e.g. "Front image required." Our own type/size errors take precedence. */
  errorMessage?: string;
  typeErrorMessage?: string;
  /** Defaults to "The image must be less than {limit}". */
  sizeErrorMessage?: string;
  buttonLabel?: string;
  removeLabel?: string;
  emptyText?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/**
 * An image upload field. The type is decided by the file's magic number (PNG, JPEG, GIF), not its
 * name or MIME type; files over `maxSize` are refused. Shows the chosen file's name and size with a
 * Remove button. Errors are linked to the button and announced politely.
 */
export function FileField({
  label,
  description,
  maxSize = 25_000_000,
  accept = DEFAULT_IMAGE_TYPES,
  value,
  defaultValue = null,
  onChange,
  onReject,
  errorMessage,
  typeErrorMessage = 'The image must be a jpg, png, or gif.',
  sizeErrorMessage,
  buttonLabel = 'Choose image',
  removeLabel = 'Remove',
  emptyText = 'No image chosen',
  isRequired,
  isDisabled,
  className,
}: FileFieldProps) {
  const [ownFile, setOwnFile] = useState<File | null>(defaultValue);
  const file = value !== undefined ? value : ownFile;
  const [rejection, setRejection] = useState<string | null>(null);
  const latest = useRef(0);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const ids = { label: useId(), button: useId(), description: useId(), error: useId(), file: useId() };
  const limit = formatSizeLimit(maxSize);
  const error = rejection ?? (errorMessage || null);

  const commit = (next: File | null) => {
    if (value === undefined) setOwnFile(next);
    onChange?.(next);
  };

  const choose = async (list: FileList | null) => {
    const picked = list?.[0];
    if (!picked) return;
    // Reading 8 bytes is near-instant, so no pending state: react-aria's pending Button announces
    // through a global live region that outlives the field.
    const attempt = ++latest.current;
    const type = await sniffImageType(picked);
    if (attempt !== latest.current) return; // a newer choice superseded this one
    if (!type || !accept.includes(type)) {
      setRejection(typeErrorMessage);
      onReject?.('type', picked);
      return;
    }
    if (picked.size > maxSize) {
      setRejection(sizeErrorMessage ?? `The image must be less than ${limit}`);
      onReject?.('size', picked);
      return;
    }
    setRejection(null);
    commit(picked);
  };

  const describedBy = [description ? ids.description : null, file ? ids.file : null, error ? ids.error : null]
    .filter(Boolean)
    .join(' ');

  return (
    <Root
      className={className}
      role="group"
      aria-labelledby={ids.label}
      data-invalid={error ? true : undefined}
      data-disabled={isDisabled || undefined}
    >
      <Label id={ids.label}>
        {label}
        {isRequired && (
          <span className="required" aria-hidden="true">
            *
          </span>
        )}{' '}
        <span className="limit">(max {limit})</span>
      </Label>
      <Row>
        <FileTrigger acceptedFileTypes={accept} onSelect={(list) => void choose(list)}>
          <Button
            ref={chooseRef}
            id={ids.button}
            variant="secondary"
            size="sm"
            isDisabled={isDisabled}
            aria-labelledby={`${ids.button} ${ids.label}`}
            aria-describedby={describedBy || undefined}
          >
            <Icon name="upload" size={14} />
            {file ? 'Replace image' : buttonLabel}
          </Button>
        </FileTrigger>
        <FileInfo>
          {file ? (
            <>
              <Icon name="success" size={16} />
              <span id={ids.file}>
                <span className="name">{file.name}</span> <span className="size">({formatFileSize(file.size)})</span>
              </span>
              <Button
                variant="link"
                size="sm"
                isDisabled={isDisabled}
                aria-label={`${removeLabel} ${file.name}`}
                onPress={() => {
                  setRejection(null);
                  commit(null);
                  chooseRef.current?.focus();
                }}
              >
                {removeLabel}
              </Button>
            </>
          ) : (
            <span className="placeholder">{emptyText}</span>
          )}
        </FileInfo>
      </Row>
      {description && <Description id={ids.description}>{description}</Description>}
      {/* Polite: always mounted, so a new error is announced. */}
      <ErrorMessage id={ids.error} announce="polite">
        {error}
      </ErrorMessage>
    </Root>
  );
}
