// The model hit-tests, converts and measures with these on every touch, from another module: `@inlinable` lets the
// optimiser inline them there as it did when they lived in ResponderCore (bench-core).

/// A point in some view's coordinate space (points, like CGPoint).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(0, 0)
    public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }

    /// Euclidean distance, used for movement tolerances of recognizers.
    @inlinable
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// A size (like CGSize).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
}

/// Insets from each edge (like UIEdgeInsets): a scroll view's `adjustedContentInset`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A rectangle (like CGRect), stored as origin and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    @inlinable
    public var origin: Point { Point(x, y) }
    @inlinable
    public var size: Size { Size(width, height) }
    @inlinable
    public var minX: Double { width >= 0 ? x : x + width }
    @inlinable
    public var minY: Double { height >= 0 ? y : y + height }
    @inlinable
    public var maxX: Double { width >= 0 ? x + width : x }
    @inlinable
    public var maxY: Double { height >= 0 ? y + height : y }
    @inlinable
    public var midX: Double { x + width / 2 }
    @inlinable
    public var midY: Double { y + height / 2 }
    /// True when the rectangle has no area: CGRectContainsPoint then contains nothing (H6).
    @inlinable
    public var isEmpty: Bool { width == 0 || height == 0 || width.isNaN || height.isNaN }

    /// CGRectContainsPoint: half-open, min edges inside, max edges outside (rule H6).
    @inlinable @inline(__always)
    public func contains(_ p: Point) -> Bool {
        if isEmpty { return false }
        return p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The intersection of two rectangles, nil when they do not overlap with positive area.
    @inlinable
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    public var description: String {
        "[\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(width)), \(formatNumber(height))]"
    }
}

/// An affine transform `[a, b, c, d, tx, ty]` as CGAffineTransform stores it: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// Applies the transform to a point.
    @inlinable
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The inverse, or nil when the transform is singular (a view scaled to zero is hit by nothing).
    @inlinable
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        if det == 0 || !det.isFinite { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// `self` applied after `inner` (the map p ↦ self(inner(p))): composes local-to-screen maps top-down.
    @inlinable
    public func concatenating(_ inner: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    /// A rotation given its cosine and sine (no Foundation here, so callers supply them; 90° is cos 0, sin 1).
    @inlinable
    public static func rotation(cos: Double, sin: Double) -> AffineTransform {
        AffineTransform(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }

    /// A scale (helper for tests and tools).
    @inlinable
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
}

/// Renders a number the way people write it: `16` rather than `16.0`, otherwise Swift's shortest round-trip form.
public func formatNumber(_ v: Double) -> String {
    if v.isFinite && v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}
