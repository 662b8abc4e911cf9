// micromark's parse() combines its constructs with the given extensions on every call, a large part
// of reading a short text (a digest reads hundreds of them while it fits its section). Here a set of
// extensions is combined once; what a document leaves in the parser (the link definitions it named,
// its lazy lines) is cleared before the next, so that each is read as if alone.
import { parse, postprocess, preprocess } from 'micromark'

// micromark's own types, named through its functions (micromark-util-types is not ours to import).
type Extension = NonNullable<NonNullable<Parameters<typeof parse>[0]>['extensions']>[number]
type Event = ReturnType<typeof postprocess>[number]

/** Reads a whole document into micromark's events, with these extensions. */
export function markdownEvents(extensions: Extension[] = []): (text: string) => Event[] {
  const parser = parse({ extensions })
  return (text) => {
    parser.defined = []
    parser.lazy = {}
    return postprocess(parser.document().write(preprocess()(text, undefined, true)))
  }
}
