import Foundation

/// The measurements of the page benchmark, made in the page by scripts that time themselves
/// with `performance.now()`: from an input's event to the frame painted after it (the
/// callback of a timer started in the next animation frame, which runs once that frame is
/// painted), and from navigation to the list's first rows painted.
struct PageMeasure: Sendable {
  let browser: DevTools

  /// The inputs measured, and the floor they are compared with.
  enum Input: String, CaseIterable, Sendable {
    case toggle, add, move
    /// A class toggled on the body: the input-to-paint time of the browser itself.
    case floor
  }

  /// What opening a page measured.
  struct Opening: Sendable {
    /// The median time from navigation to the first rows painted.
    var milliseconds: Double
    /// The JavaScript heap after the last opening, in bytes.
    var heap: Double
  }

  /// Installs `window.bench` in the page: `input(kind, i)` makes one input and resolves with
  /// its time to paint once the page shows it, checking that the page predicted it;
  /// `settled()` resolves once the server has acknowledged every predicted event.
  private static let script = #"""
    window.bench = {
      input(kind, i) {
        const page = window.todoPage;
        const ids = page.view.visibleIds();
        const before = page.optimistic.waiting.length;
        const started = performance.now();
        if (kind === 'toggle') {
          document.querySelector(`li[data-id="${ids[i % ids.length]}"] .content`).click();
        } else if (kind === 'add') {
          const field = document.getElementById('new-todo');
          field.value = `Bench ${i}`;
          document.getElementById('new-form').requestSubmit();
        } else if (kind === 'move') {
          const id = ids[1 + (i % (ids.length - 1))];
          document.querySelector(`li[data-id="${id}"]`).dispatchEvent(
            new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, bubbles: true }));
        } else {
          document.body.classList.toggle('bench-floor');
        }
        if (kind !== 'floor' && page.optimistic.waiting.length !== before + 1) {
          throw new Error(`the ${kind} was not predicted`);
        }
        return new Promise((resolve) => requestAnimationFrame(() =>
          setTimeout(() => resolve(performance.now() - started), 0)));
      },
      settled() {
        return new Promise((resolve) => {
          const check = () => window.todoPage.optimistic.waiting.length === 0
            ? resolve(true) : setTimeout(check, 5);
          check();
        });
      },
    };
    """#

  /// Resolves with `performance.now()` (milliseconds since navigation) once the list's
  /// first row is painted, or the empty list's text when it has none.
  private static let firstRows = #"""
    new Promise((resolve) => {
      const check = () => {
        const shown = document.querySelector('#list li.cell')
          || (document.body.dataset.revision !== undefined && window.todoPage?.view.count === 0);
        if (shown) requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
        else setTimeout(check, 2);
      };
      check();
    })
    """#

  /// Opens `url`, waits for its `todos` rows, and measures `rounds` inputs of each kind.
  func inputs(url: String, todos: Int, rounds: Int) async throws -> [Input: [Double]] {
    try await browser.navigate(to: url)
    _ = try await waitFor("window.todoPage?.view.count === \(todos)")
    _ = try await browser.evaluate(Self.script)
    var samples: [Input: [Double]] = [:]
    for kind in Input.allCases {
      // A few inputs first, so that the code is compiled before it is timed.
      for round in -5..<rounds {
        let elapsed = try await browser.evaluate(
          "window.bench.input('\(kind.rawValue)', \(round + 5))")
        _ = try await browser.evaluate("window.bench.settled()")
        guard let milliseconds = elapsed as? Double else {
          throw BenchError("the \(kind.rawValue) measured nothing")
        }
        if round >= 0 { samples[kind, default: []].append(milliseconds) }
      }
    }
    return samples
  }

  /// Opens `url` `opens` times and measures the time to its first rows painted.
  func open(url: String, opens: Int) async throws -> Opening {
    var times: [Double] = []
    for _ in 0..<opens {
      try await browser.navigate(to: "about:blank")
      try await browser.navigate(to: url)
      guard let painted = try await waitFor(Self.firstRows) as? Double else {
        throw BenchError("\(url) never showed its rows")
      }
      times.append(painted)
    }
    let heap = try await browser.heapUsed()
    return Opening(milliseconds: Measure.percentile(times, 0.5), heap: heap)
  }

  /// Evaluates `expression` until it is truthy (the page may still be loading, or its
  /// previous document still be there, when the evaluation starts).
  private func waitFor(_ expression: String) async throws -> Any? {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      if let value = try? await browser.evaluate(expression), Self.truthy(value) { return value }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw BenchError("the page never satisfied \(expression)")
  }

  private static func truthy(_ value: Any) -> Bool {
    switch value {
    case let bool as Bool: bool
    case let number as Double: number != 0
    case let number as Int: number != 0
    default: true
    }
  }
}
