import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { PageHeading } from '../../components/page-heading';
import { PageMeta } from '../../components/page-meta';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Button } from '../../components/ui/button';
import { FAQ_ITEMS } from './faq-items';
import { SITE_NAME } from '../../lib/site-name';

export function FaqsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <PageMeta
        title="FAQs"
        description={`Answers about ${SITE_NAME} song reviews, prices, turnaround, pitching fees and preview access for industry professionals.`}
      />
      <PageHeading eyebrow="FAQs" title="Frequently asked questions" lead="What songwriters and industry professionals ask us most." />

      {/* type="single" collapsible: opening one question closes the one before. */}
      <Accordion type="single" collapsible className="mt-10 border-t border-border">
        {FAQ_ITEMS.map((item) => (
          <AccordionItem key={item.id} value={item.id}>
            <AccordionTrigger headingLevel="h2" className="text-lg">
              {item.question}
            </AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>

      <div className="mt-12 rounded-xl bg-secondary p-6 text-secondary-foreground">
        <h2 className="text-xl font-bold">Still have a question?</h2>
        <p className="mt-2 leading-7">Send us a note. A real person reads every message and will get back to you soon.</p>
        <Button asChild className="mt-4">
          <Link to={PAGE_PATHS.contact}>Contact us</Link>
        </Button>
      </div>
    </div>
  );
}
