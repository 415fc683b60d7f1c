import { FormError } from '../../../components/ui/form-error';
import { errorMessageOf } from '../../../lib/api-error';

/** Part 1 §8: a failed call shows its first statusMessage, else its first error, else 'Something went wrong'. */
export function QueryError({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return <FormError message={errorMessageOf(error)} />;
}
