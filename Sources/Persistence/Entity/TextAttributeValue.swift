/// An attribute value stored as text, which a ``Filter`` can search with
/// ``Attribute/contains(_:)``.
///
/// `String` and `Optional` of a text value conform; so can an app's own type whose stored form
/// is text that a substring search makes sense of, such as a list kept as `#a#b#`:
///
/// ```swift
/// struct TagList: TextAttributeValue, Codable { … }
/// let tagged = Todo.tagsAttribute.contains("#work#")
/// ```
public protocol TextAttributeValue: AttributeValue {}

extension String: TextAttributeValue {}
extension Optional: TextAttributeValue where Wrapped: TextAttributeValue {}
