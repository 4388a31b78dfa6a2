// A Web Worker script that fails while it loads, before it can serve a task.
throw new Error('this worker cannot start');
