import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS, PRO_AFFILIATIONS } from '../../../common/constants';
import { PreviewRequestSchema, type PreviewRequestInput } from '../../../common/schemas/preview-access';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';

const FIELDS = ['name', 'companyName', 'email', 'proAffiliation', 'projectDescription'] as const;
const isField = (key: string): key is (typeof FIELDS)[number] => FIELDS.some((f) => f === key);

/**
 * The request form. `accountEmail` is the signed-in user's address: the request is then theirs, so the
 * e-mail is fixed to it. `onSubmit` throws the API's error back so the server's per-field messages land
 * on the fields; the caller has already said what went wrong in a toast.
 */
export function PreviewRequestForm({
  accountEmail,
  onSubmit,
}: {
  accountEmail?: string;
  onSubmit: (values: PreviewRequestInput) => Promise<void>;
}) {
  const form = useForm({
    resolver: zodResolver(PreviewRequestSchema),
    // No PRO is chosen at first: the placeholder option's '' fails the schema with 'PRO affiliation is required'.
    defaultValues: { name: '', companyName: '', email: accountEmail ?? '', projectDescription: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (accountEmail) form.setValue('email', accountEmail);
  }, [accountEmail, form]);

  const submit = async (values: PreviewRequestInput) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error) && error.fields) {
        for (const [field, messages] of Object.entries(error.fields)) {
          if (isField(field) && messages[0]) form.setError(field, { message: messages[0] });
        }
      }
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <fieldset disabled={isSubmitting} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Name" error={errors.name?.message} className="content-start">
            <Input autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField label="Company" error={errors.companyName?.message} className="content-start">
            <Input autoComplete="organization" {...form.register('companyName')} />
          </FormField>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Email"
            error={errors.email?.message}
            className="content-start"
            hint={accountEmail ? 'The address of the account you are logged in with.' : undefined}
          >
            <Input
              type="email"
              autoComplete="email"
              readOnly={Boolean(accountEmail)}
              className="read-only:bg-muted"
              {...form.register('email')}
            />
          </FormField>
          <FormField label="PRO affiliation" error={errors.proAffiliation?.message} className="content-start">
            <NativeSelect {...form.register('proAffiliation')}>
              <option value="">Select your PRO</option>
              {PRO_AFFILIATIONS.map((pro) => (
                <option key={pro} value={pro}>
                  {pro}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <FormField
          label="Project description"
          error={errors.projectDescription?.message}
          hint={`What are you working on, and what kind of songs are you looking for? Up to ${LIMITS.projectDescriptionMax} characters.`}
        >
          <Textarea rows={5} {...form.register('projectDescription')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
          {isSubmitting ? <InlineSpinner /> : <Send aria-hidden="true" />}
          Submit Request
        </Button>
      </fieldset>
    </form>
  );
}
