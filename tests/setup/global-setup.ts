import { prepareTemplate } from './database';

export default async function globalSetup() {
  const url = process.env.DATABASE_URL;
  if (url) await prepareTemplate(url);
}
