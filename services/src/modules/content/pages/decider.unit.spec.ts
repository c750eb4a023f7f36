import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import type { PublishPageContentBody } from '@acpg/contracts/content';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { DOMAIN_ERROR_STATUS } from '../../../platform/http/domain-errors.ts';
import { decidePage, evolvePage, initialPageState, type PageEvent, type PublishPageContent } from './decider.ts';

const now = new Date('2025-03-01T10:00:00.000Z');
const about: PublishPageContentBody = {
  slug: 'about-us',
  title: 'About us',
  intro: 'Who we are.',
  sections: [{ heading: 'What we do', body: 'We protect homes.' }],
};
const publish = (data: PublishPageContentBody): PublishPageContent => ({ type: 'PublishPageContent', data, metadata: metaAt(now) });
const given = (...events: PageEvent[]) => events.reduce(evolvePage, initialPageState());

describe('page decider', () => {
  it('publishes the content of a page that was never published', () => {
    expect(decidePage(publish(about), given())).toEqual([{ type: 'PageContentPublished', data: about }]);
  });

  it('publishes a new version over the current one', () => {
    const revised = { ...about, title: 'About our company' };
    expect(decidePage(publish(revised), given({ type: 'PageContentPublished', data: about }))).toEqual([
      { type: 'PageContentPublished', data: revised },
    ]);
  });

  it('adds nothing when the same content is already live', () => {
    expect(decidePage(publish(about), given({ type: 'PageContentPublished', data: about }))).toEqual([]);
  });

  it('trims text before publishing', () => {
    const [event] = decidePage(publish({ ...about, title: '  About us  ' }), given());
    expect(event?.data.title).toBe('About us');
  });

  it('rejects an empty title with a message naming the field', () => {
    const attempt = () => decidePage(publish({ ...about, title: '   ' }), given());
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow('The page content is not valid.');
    try {
      attempt();
    } catch (error) {
      expect(DOMAIN_ERROR_STATUS[(error as DomainError).kind]).toBe(400);
      expect((error as DomainError).errors?.map((e) => e.path)).toEqual(['title']);
    }
  });

  it('rejects a slug that is not one of the public pages', () => {
    expect(() => decidePage(publish({ ...about, slug: 'careers' as never }), given())).toThrow('The page content is not valid.');
  });
});

describe('page evolve', () => {
  it('keeps the last published content', () => {
    const revised = { ...about, intro: 'Revised.' };
    expect(given({ type: 'PageContentPublished', data: about }, { type: 'PageContentPublished', data: revised })).toEqual({
      content: revised,
    });
  });
});
