import type { Key } from 'react-aria-components';
import { Icon } from '../Icon';
import { StyledOption } from './FieldList.styles';

/** One choice in a Select or ComboBox list. */
export interface ListOption {
  id: Key;
  label: string;
  /** A second, muted line, e.g. a campaign's `#ID`. */
  description?: string;
  isDisabled?: boolean;
  /** The option's plain text (typeahead, and what a ComboBox puts in its input); defaults to `label`. */
  textValue?: string;
}

/**
 * A list row with a check mark for the selected option. The description stays part of the option's
 * name (no label/description slots): axe's label-content-name-mismatch wants all visible text in it.
 */
export function OptionRow({ option }: { option: ListOption }) {
  return (
    <StyledOption id={option.id} value={option} textValue={option.textValue ?? option.label} isDisabled={option.isDisabled}>
      <span className="option-check">
        <Icon name="check" size={16} />
      </span>
      <span className="option-text">
        <span>{option.label}</span>
        {option.description && <span className="option-description">{option.description}</span>}
      </span>
    </StyledOption>
  );
}
