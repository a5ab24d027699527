/**
 * `read`, run one call at a time: a call while a read runs gets that read's promise and one more
 * read after it, so a burst of wake-ups costs a read or two, not one each, and no two overlap.
 */
export function oneReadAtATime(read: () => Promise<void>): () => Promise<void> {
  let reading: Promise<void> | undefined;
  let readAgain = false;
  const readUntilQuiet = async () => {
    try {
      do {
        readAgain = false;
        await read();
      } while (readAgain);
    } finally {
      reading = undefined;
    }
  };
  return () => {
    readAgain = true;
    return (reading ??= readUntilQuiet());
  };
}
