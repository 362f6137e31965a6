import type { ReactNode } from 'react';
import type { AdminReview } from './admin-reviews-api';
import { EmailText } from '../../../components/email-text';

/** Who wrote the song: the profile (step 2 of their sign-up) and the questionnaire answers (step 3). */
export function SongwriterDetails({ songwriter }: { songwriter: AdminReview['songwriter'] }) {
  const { profile, questionnaire } = songwriter;
  const name = profile ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.username : null;
  const location = profile ? [profile.city, profile.stateProvince, profile.country].filter(Boolean).join(', ') : '';
  const email = profile?.email || songwriter.email;

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <h3 className="font-sans text-sm font-semibold uppercase tracking-wide text-muted-foreground">Profile</h3>
        {profile ? (
          <dl className="grid gap-3 text-sm">
            <Item term="Name">{name}</Item>
            <Item term="Username">{profile.username}</Item>
            <Item term="Email">
              {email ? (
                <a href={`mailto:${email}`} className="link">
                  <EmailText email={email} />
                </a>
              ) : null}
            </Item>
            {songwriter.email && profile.email && songwriter.email.toLowerCase() !== profile.email.toLowerCase() && (
              <Item term="Account email">{songwriter.email}</Item>
            )}
            <Item term="Phone">
              {profile.phone ? (
                <a href={`tel:${profile.phone.replace(/[^\d+]/g, '')}`} className="link">
                  {profile.phone}
                </a>
              ) : null}
            </Item>
            <Item term="Location">{location || null}</Item>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">No profile yet. Account email: {songwriter.email ?? 'unknown'}.</p>
        )}
      </div>
      <div className="grid gap-3">
        <h3 className="font-sans text-sm font-semibold uppercase tracking-wide text-muted-foreground">Questionnaire</h3>
        {questionnaire ? (
          <dl className="grid gap-3 text-sm">
            <Item term="Years writing songs">{questionnaire.yearsWriting}</Item>
            <Item term="Songs written">{questionnaire.songsWritten}</Item>
            <Item term="Most recent song">{questionnaire.mostRecentSong}</Item>
            <Item term="Preferred genre">{questionnaire.preferredGenre}</Item>
            <Item term="Has published songs">{questionnaire.hasPublished ? 'Yes' : 'No'}</Item>
            {questionnaire.hasPublished && <Item term="PRO affiliation">{questionnaire.proAffiliation}</Item>}
            <Item term="Heard about us">{questionnaire.howFoundUs}</Item>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">Not answered yet.</p>
        )}
      </div>
    </div>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="break-words font-medium">{children ?? <span className="font-normal text-muted-foreground">Not given</span>}</dd>
    </div>
  );
}
