import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { SongwriterProfileSchema, type SongwriterProfileInput } from '../../../common/schemas/songwriters';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { applyFieldErrors } from '../../lib/form-errors';
import { OnboardingGate, OnboardingShell } from './onboarding-shell';
import { songwriterApi, songwriterKeys, type Onboarding } from './songwriter-api';

const m = MESSAGES.songwriters;

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'streetAddress',
  'city',
  'stateProvince',
  'zip',
  'country',
] as const satisfies readonly (keyof SongwriterProfileInput)[];

/** /songwriter-profile: step 2. The e-mail confirmation link lands here. */
export function SongwriterProfilePage() {
  return (
    <>
      <PageMeta title="Your Profile" description="Step 2 of 4: tell us who you are and where to reach you." />
      <OnboardingGate page="profile">{(onboarding) => <ProfileForm onboarding={onboarding} />}</OnboardingGate>
    </>
  );
}

function ProfileForm({ onboarding }: { onboarding: Onboarding }) {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<SongwriterProfileInput>({
    resolver: zodResolver(SongwriterProfileSchema),
    defaultValues: onboarding.profile ?? {
      firstName: '',
      lastName: '',
      email: me.data?.user?.email ?? '',
      phone: '',
      streetAddress: '',
      city: '',
      stateProvince: '',
      zip: '',
      country: '',
    },
  });
  const { errors } = form.formState;
  const field = (name: (typeof FIELDS)[number]) => ({ error: errors[name]?.message });

  const save = useMutation({
    mutationFn: songwriterApi.saveProfile,
    onSuccess: async () => {
      // Wait for the new step, so the next page's gate does not send the writer back here.
      await queryClient.invalidateQueries({ queryKey: songwriterKeys.onboarding });
      toast.success(m.profileSaved);
      await navigate(PAGE_PATHS.songwriterQuestionnaire);
    },
    onError: (error) => {
      if (applyFieldErrors(form.setError, error, FIELDS)) return;
      toast.error(m.profileFailed, { description: isApiError(error) ? error.message : undefined });
    },
  });

  return (
    <OnboardingShell step={2} title="Your profile" description="Step 2 of 4: who you are and where to reach you. Every field is required.">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <div className="grid gap-5 sm:grid-cols-2">
          {onboarding.username && (
            <FormField label="Username" hint="Chosen at sign-up; it cannot be changed." className="sm:col-span-2">
              <Input value={onboarding.username} readOnly autoComplete="username" className="bg-muted" />
            </FormField>
          )}
          <FormField label="First name" {...field('firstName')}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name" {...field('lastName')}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
          <FormField label="Email" {...field('email')}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField label="Phone" {...field('phone')}>
            <Input type="tel" autoComplete="tel" {...form.register('phone')} />
          </FormField>
          <FormField label="Street address" className="sm:col-span-2" {...field('streetAddress')}>
            <Input autoComplete="street-address" {...form.register('streetAddress')} />
          </FormField>
          <FormField label="City" {...field('city')}>
            <Input autoComplete="address-level2" {...form.register('city')} />
          </FormField>
          <FormField label="State/Province" {...field('stateProvince')}>
            <Input autoComplete="address-level1" {...form.register('stateProvince')} />
          </FormField>
          <FormField label="ZIP/Postal code" {...field('zip')}>
            <Input autoComplete="postal-code" {...form.register('zip')} />
          </FormField>
          <FormField label="Country" {...field('country')}>
            <Input autoComplete="country-name" {...form.register('country')} />
          </FormField>
          <Button type="submit" size="lg" disabled={save.isPending} className="w-full sm:col-span-2">
            {save.isPending && <InlineSpinner />}
            Save and Continue
          </Button>
        </div>
      </form>
    </OnboardingShell>
  );
}
