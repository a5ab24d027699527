/** The topics of the contact form; the page imports this list without pulling zod into the browser. */
export const contactTopics = ['general', 'support', 'press'] as const;
