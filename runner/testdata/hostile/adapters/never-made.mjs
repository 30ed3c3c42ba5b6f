// An adapter whose default export is a function that never finishes making the engine.
export default () => new Promise(() => {});
