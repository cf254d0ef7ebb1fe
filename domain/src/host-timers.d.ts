// The domain runs on any JavaScript host (Node, browsers); it needs only the host's timers, declared here so
// that no platform type library (and none of its I/O) is in scope.
declare function setTimeout(callback: () => void, ms?: number): unknown;
declare function clearTimeout(handle: unknown): void;
