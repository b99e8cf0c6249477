import { usePage } from './page-context.js';

/** Whole minutes to wait, at least one (a viewer reads "in 1 minute", not "in 0"). */
export const minutes = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));

/**
 * One field of the page's plain forms (the gates, the accessibility statement): its label, "(optional)"
 * when it is, the input (a select with `options`, a text area with `multiline`) and, when the
 * last try had one, its error, tied to the field for screen readers.
 */
export function Field({
  id,
  name,
  label,
  required,
  error,
  value,
  type = 'text',
  autoComplete,
  maxLength,
  options,
  multiline = false,
}: {
  id: string;
  name: string;
  label: string;
  required: boolean;
  error: string | undefined;
  value: string;
  type?: string;
  autoComplete?: string;
  maxLength: number;
  options?: readonly string[];
  multiline?: boolean;
}) {
  const { t } = usePage();
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <>
      <label htmlFor={id}>
        {label}
        {!required && <span className="lv-gate-optional"> {t('access.optional')}</span>}
      </label>
      {options && options.length > 0 ? (
        <select {...common} defaultValue={value}>
          <option value="">{t('access.choose')}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...common} defaultValue={value} maxLength={maxLength} rows={6}></textarea>
      ) : (
        <input
          {...common}
          type={type}
          defaultValue={value}
          maxLength={maxLength}
          autoComplete={autoComplete}
        />
      )}
      {error && (
        <p id={errorId} className="lv-gate-error">
          {error}
        </p>
      )}
    </>
  );
}
