import { errorMessageOf } from '../../lib/api-error';
import { FormError } from './form-error';

/** Part 1 §8: a failed call shows its first statusMessage, else its first error, else 'Something went wrong'. */
export function QueryError({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return <FormError message={errorMessageOf(error)} />;
}
