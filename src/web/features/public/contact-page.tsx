import { CircleHelp, Music2 } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { PageHeading } from '../../components/page-heading';
import { PageMeta } from '../../components/page-meta';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ContactForm } from './contact-form';
import { SITE_NAME } from '../../lib/site-name';

export function ContactPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <PageMeta
        title="Contact"
        description={`Questions about song reviews, pitching or preview access? Send ${SITE_NAME} a message from Nashville.`}
      />
      <PageHeading
        eyebrow="Contact"
        title="Let’s talk about your songs"
        lead="Questions about a review, a pitch or preview access? Send us a message and a real person on our team will answer."
      />

      <div className="mt-12 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
            <CardDescription>All fields are required.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CircleHelp aria-hidden="true" className="size-7 text-primary" />
              <CardTitle>Quick answers</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="leading-7 text-muted-foreground">
                Prices, turnaround, pitching fees and preview access are all covered in our{' '}
                <Link to={PAGE_PATHS.faqs} className="link">
                  FAQs
                </Link>
                .
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <Music2 aria-hidden="true" className="size-7 text-primary" />
              <CardTitle>Ready to send a song?</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="leading-7 text-muted-foreground">
                Songwriters and industry professionals both begin at{' '}
                <Link to={PAGE_PATHS.signup} className="link">
                  Start Here
                </Link>
                .
              </p>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
