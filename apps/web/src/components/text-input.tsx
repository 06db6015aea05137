// MUI's own hook for a component's theme defaults (not in the package's index).
import { useDefaultProps } from '@mui/material/DefaultPropsProvider';
import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type BaseTextFieldProps,
  type FormHelperTextProps,
  type InputBaseComponentProps,
  type InputLabelProps,
  type OutlinedInputProps,
} from '@mui/material';
import { forwardRef, useId } from 'react';

export type TextInputProps = Omit<
  BaseTextFieldProps,
  'select' | 'SelectProps' | 'children' | 'classes' | 'InputLabelProps' | 'inputProps' | 'FormHelperTextProps' | 'onBlur' | 'onFocus'
> & {
  onChange?: OutlinedInputProps['onChange'];
  onBlur?: OutlinedInputProps['onBlur'];
  onFocus?: OutlinedInputProps['onFocus'];
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    htmlInput?: InputBaseComponentProps;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
  };
};

/**
 * MUI's outlined TextField without its select: the same elements, classes, ids, labels and theme
 * defaults (MuiTextField's), built from FormControl, InputLabel, OutlinedInput and FormHelperText.
 * TextField imports Select (and so Menu, Popover and Modal) and the filled and standard inputs
 * whatever it renders: this one is for the inputs of the pages on a first load (sign-in, the
 * shipments list); a select stays a TextField or a SelectField.
 */
export const TextInput = forwardRef<HTMLDivElement, TextInputProps>(function TextInput(inProps, ref) {
  const props = useDefaultProps({ props: inProps, name: 'MuiTextField' });
  const {
    autoComplete,
    autoFocus = false,
    className,
    color = 'primary',
    defaultValue,
    disabled = false,
    error = false,
    fullWidth = false,
    helperText,
    id: idOverride,
    inputRef,
    label,
    maxRows,
    minRows,
    multiline = false,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    required = false,
    rows,
    slotProps = {},
    type,
    value,
    ...other
  } = props;
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;
  const shrink = slotProps.inputLabel?.shrink;
  return (
    <FormControl
      {...other}
      ref={ref}
      className={['MuiTextField-root', className].filter(Boolean).join(' ')}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant="outlined"
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slotProps.htmlInput}
        {...(shrink !== undefined ? { notched: shrink } : {})}
        label={label}
        {...slotProps.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
});
