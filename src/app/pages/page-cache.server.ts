/** When the server rendered this page: a reload the page cache answers from memory shows the same time. */
export const load = async () => ({ renderedAt: new Date().toISOString() });
