import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import * as MESSAGES from '../../../common/messages';
import { ContactSchema, type ContactInput } from '../../../common/schemas/contact';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { InlineSpinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import { sendContactMessage } from './contact-api';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const form = useForm<ContactInput>({ resolver: zodResolver(ContactSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast.success(MESSAGES.contact.sentTitle, { description: MESSAGES.contact.sentBody });
      form.reset(EMPTY);
    },
    onError: (error) => {
      // The server checks with the same schema; show its per-field messages where the fields are.
      if (isApiError(error) && error.fields) {
        for (const [field, messages] of Object.entries(error.fields)) {
          if (field in EMPTY) form.setError(field as keyof ContactInput, { message: messages[0] });
        }
      }
      toast.error(MESSAGES.contact.failed, { description: isApiError(error) ? error.message : undefined });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
      </div>
      <FormField label="Subject" error={errors.subject?.message}>
        <Input {...form.register('subject')} />
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        <Textarea rows={6} {...form.register('message')} />
      </FormField>
      <Button type="submit" size="lg" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? <InlineSpinner /> : <Send aria-hidden="true" />}
        Send Message
      </Button>
    </form>
  );
}
