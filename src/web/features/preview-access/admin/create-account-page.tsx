import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import * as MESSAGES from '../../../../common/messages';
import { CreatePreviewAccountSchema, type CreatePreviewAccountInput } from '../../../../common/schemas/preview-access';
import { PageMeta } from '../../../components/page-meta';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { InlineSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { createPreviewAccount, invalidatePreviewAdmin } from './admin-preview-api';

const m = MESSAGES.previewAccess;
const EMPTY = { email: '', password: '', name: '', companyName: '' } satisfies CreatePreviewAccountInput;
const isField = (key: string): key is keyof typeof EMPTY => key in EMPTY;

/** /admin/create-account: a pre-verified preview account with an auto-approved request. */
export function CreateAccountPage() {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(CreatePreviewAccountSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const [showPassword, setShowPassword] = useState(false);
  const [created, setCreated] = useState(0);

  // Ready for the next account: back to the first field once the form is enabled again.
  useEffect(() => {
    if (created > 0 && !isSubmitting) form.setFocus('email');
  }, [created, isSubmitting, form]);

  const onSubmit = async (values: CreatePreviewAccountInput) => {
    try {
      const account = await createPreviewAccount(values);
      toast.success(m.accountCreatedByAdmin, { description: account.email });
      form.reset(EMPTY);
      setShowPassword(false);
      setCreated((n) => n + 1);
      void invalidatePreviewAdmin(queryClient);
    } catch (error) {
      if (isApiError(error) && error.fields) {
        for (const [field, messages] of Object.entries(error.fields)) {
          if (isField(field) && messages[0]) form.setError(field, { message: messages[0] });
        }
      }
      toast.error(m.accountCreateFailed, { description: isApiError(error) ? error.message : MESSAGES.generic.unexpected });
    }
  };

  return (
    <div className="max-w-2xl">
      <PageMeta title="Create Preview Account" description="Create a pre-approved preview account for an industry professional." />
      <h1 className="text-3xl font-bold">Create Preview Account</h1>
      <p className="mt-1 text-muted-foreground">
        The account is ready at once: its email counts as confirmed and its access as approved. The person gets an email saying so; give
        them the password yourself (they can change it with “Forgot password?”).
      </p>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Account details</CardTitle>
          <CardDescription>Email and password are required; name and company are optional.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
            <fieldset disabled={isSubmitting} className="grid gap-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="Email" error={errors.email?.message} className="content-start">
                  <Input type="email" autoComplete="off" {...form.register('email')} />
                </FormField>
                <div className="grid content-start gap-1">
                  <FormField label="Password" error={errors.password?.message} hint="At least 6 characters.">
                    <Input
                      type={showPassword ? 'text' : 'password'}
                      autoComplete="new-password"
                      spellCheck={false}
                      {...form.register('password')}
                    />
                  </FormField>
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto justify-self-start p-0"
                    aria-pressed={showPassword}
                    onClick={() => setShowPassword(!showPassword)}
                  >
                    {showPassword ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                    Show password
                  </Button>
                </div>
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="Name (optional)" error={errors.name?.message}>
                  <Input autoComplete="off" {...form.register('name')} />
                </FormField>
                <FormField label="Company (optional)" error={errors.companyName?.message}>
                  <Input autoComplete="off" {...form.register('companyName')} />
                </FormField>
              </div>
              <Button type="submit" className="justify-self-start">
                {isSubmitting ? <InlineSpinner /> : <UserPlus aria-hidden="true" />}
                Create Account
              </Button>
            </fieldset>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
