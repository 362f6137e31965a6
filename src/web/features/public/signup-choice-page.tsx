import { ArrowRight, Building2, Guitar } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { PageHeading } from '../../components/page-heading';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { SITE_NAME } from '../../lib/site-name';

export function SignupChoicePage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <PageMeta
        title="Sign Up"
        description={`Songwriters sign up for professional song reviews; industry professionals request preview access to the ${SITE_NAME} catalogue.`}
      />
      <PageHeading eyebrow="Start here" title="How would you like to work with us?" />

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Card className="flex flex-col">
          <CardHeader>
            <Guitar aria-hidden="true" className="size-9 text-primary" />
            <CardTitle>I’m a songwriter</CardTitle>
            <CardDescription>Get professional reviews of your songs and a shot at a pitch.</CardDescription>
          </CardHeader>
          <CardContent className="flex-1">
            <ul className="list-disc space-y-1 pl-5 leading-7">
              <li>Create your account and profile</li>
              <li>Choose a review package of one to four songs</li>
              <li>Submit your songs and get written feedback</li>
            </ul>
          </CardContent>
          <CardFooter>
            <Button asChild size="lg" className="w-full">
              <Link to={PAGE_PATHS.songwriterSignup}>
                Sign up as a songwriter
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardFooter>
        </Card>

        <Card className="flex flex-col">
          <CardHeader>
            <Building2 aria-hidden="true" className="size-9 text-primary" />
            <CardTitle>I’m an industry professional</CardTitle>
            <CardDescription>Publishers, labels, producers, managers and music supervisors.</CardDescription>
          </CardHeader>
          <CardContent className="flex-1">
            <ul className="list-disc space-y-1 pl-5 leading-7">
              <li>Tell us about you and your projects</li>
              <li>Create a password and confirm your email</li>
              <li>Listen to the catalogue once we approve your request</li>
            </ul>
          </CardContent>
          <CardFooter>
            <Button asChild size="lg" variant="outline" className="w-full">
              <Link to={PAGE_PATHS.previewRequest}>
                Request Access
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardFooter>
        </Card>
      </div>

      <p className="mt-10 text-center text-muted-foreground">
        Already have an account?{' '}
        <Link to={PAGE_PATHS.auth} className="link">
          Log in
        </Link>
      </p>
    </div>
  );
}
