import EntityMacrosSupport
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

/// Expansions of `@Entity` for each kind of property it reads.
@Suite(
  .macros(
    [
      "Entity": MacroSpec(type: EntityMacro.self, conformances: ["Entity", "RowDecodable"]),
      "Column": MacroSpec(type: ColumnMacro.self),
      "Transient": MacroSpec(type: TransientMacro.self),
      "StoreVersion": MacroSpec(type: StoreVersionMacro.self),
    ],
    indentationWidth: .spaces(2)
  )
)
struct EntityMacroTests {
  @Test("a plain entity: one attribute per column, init(row:) in declaration order")
  func plainEntity() {
    assertMacro {
      """
      @Entity("account")
      struct Account {
        var id: UUID
        var name: String
        var failures: Int
        var createdAt: Date
      }
      """
    } expansion: {
      #"""
      struct Account {
        var id: UUID
        var name: String
        var failures: Int
        var createdAt: Date

        static let entityName = "account"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let nameAttribute = Attribute("name", \Self.name, storedValue: {
            $0.name.storedValue
          })

        static let failuresAttribute = Attribute("failures", \Self.failures, storedValue: {
            $0.failures.storedValue
          })

        static let createdAtAttribute = Attribute("createdAt", \Self.createdAt, storedValue: {
            $0.createdAt.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          nameAttribute.erased,
          failuresAttribute.erased,
          createdAtAttribute.erased,
        ]
      }

      extension Account: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.name = try row[Self.nameAttribute]
          self.failures = try row[Self.failuresAttribute]
          self.createdAt = try row[Self.createdAtAttribute]
        }
      }
      """#
    }
  }

  @Test("optional columns are read like the others")
  func optionalColumns() {
    assertMacro {
      """
      @Entity("calendar_data")
      struct CalendarData {
        var id: UUID
        var uid: String
        var dueLine: String?
        var resourceName: Optional<String>
      }
      """
    } expansion: {
      #"""
      struct CalendarData {
        var id: UUID
        var uid: String
        var dueLine: String?
        var resourceName: Optional<String>

        static let entityName = "calendar_data"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let uidAttribute = Attribute("uid", \Self.uid, storedValue: {
            $0.uid.storedValue
          })

        static let dueLineAttribute = Attribute("dueLine", \Self.dueLine, storedValue: {
            $0.dueLine.storedValue
          })

        static let resourceNameAttribute = Attribute("resourceName", \Self.resourceName, storedValue: {
            $0.resourceName.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          uidAttribute.erased,
          dueLineAttribute.erased,
          resourceNameAttribute.erased,
        ]
      }

      extension CalendarData: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.uid = try row[Self.uidAttribute]
          self.dueLine = try row[Self.dueLineAttribute]
          self.resourceName = try row[Self.resourceNameAttribute]
        }
      }
      """#
    }
  }

  @Test("a @StoreVersion property mirrors the store's version and is not an attribute")
  func versionProperty() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var title: String
        @StoreVersion var version: Version
        var deletedAt: Date?
      }
      """
    } expansion: {
      #"""
      struct Todo {
        var id: UUID
        var title: String
        var version: Version
        var deletedAt: Date?

        static let entityName = "todo"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let titleAttribute = Attribute("title", \Self.title, storedValue: {
            $0.title.storedValue
          })

        static let deletedAtAttribute = Attribute("deletedAt", \Self.deletedAt, storedValue: {
            $0.deletedAt.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          titleAttribute.erased,
          deletedAtAttribute.erased,
        ]

        static var storeVersion: WritableKeyPath<Self, Version>? {
          \.version
        }
      }

      extension Todo: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.title = try row[Self.titleAttribute]
          self.version = try row.version
          self.deletedAt = try row[Self.deletedAtAttribute]
        }
      }
      """#
    }
  }

  @Test("a @StoreVersion property named otherwise is coded as 'version'")
  func renamedVersionProperty() {
    assertMacro {
      """
      @Entity("note")
      struct Note {
        var id: UUID
        var text: String
        @StoreVersion var revision: Version
      }
      """
    } expansion: {
      #"""
      struct Note {
        var id: UUID
        var text: String
        var revision: Version

        static let entityName = "note"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let textAttribute = Attribute("text", \Self.text, storedValue: {
            $0.text.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          textAttribute.erased,
        ]

        static var storeVersion: WritableKeyPath<Self, Version>? {
          \.revision
        }

        enum CodingKeys: String, CodingKey {
          case id
          case text
          case revision = "version"
        }
      }

      extension Note: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.text = try row[Self.textAttribute]
          self.revision = try row.version
        }
      }
      """#
    }
  }

  @Test("the version's type may name its module")
  func qualifiedVersionType() {
    assertMacro {
      """
      @Entity("note")
      struct Note {
        var id: UUID
        @StoreVersion var version: Persistence.Version
      }
      """
    } expansion: {
      #"""
      struct Note {
        var id: UUID
        var version: Persistence.Version

        static let entityName = "note"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = []

        static var storeVersion: WritableKeyPath<Self, Version>? {
          \.version
        }
      }

      extension Note: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.version = try row.version
        }
      }
      """#
    }
  }

  @Test("@Column names the column; the attribute keeps the property's name")
  func columnOverride() {
    assertMacro {
      """
      @Entity("event")
      struct Event {
        var id: UUID
        @Column("starts_at") var start: Date
        var `default`: Bool
      }
      """
    } expansion: {
      #"""
      struct Event {
        var id: UUID
        var start: Date
        var `default`: Bool

        static let entityName = "event"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let startAttribute = Attribute("starts_at", \Self.start, storedValue: {
            $0.start.storedValue
          })

        static let defaultAttribute = Attribute("default", \Self.`default`, storedValue: {
            $0.`default`.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          startAttribute.erased,
          defaultAttribute.erased,
        ]

        enum CodingKeys: String, CodingKey {
          case id
          case start = "starts_at"
          case `default`
        }
      }

      extension Event: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.start = try row[Self.startAttribute]
          self.`default` = try row[Self.defaultAttribute]
        }
      }
      """#
    }
  }

  @Test("a @Transient property is not a column and keeps its initial value")
  func transientField() {
    assertMacro {
      """
      @Entity("todo_list")
      struct TodoList {
        var id = UUID()
        var name: String
        @Transient var isExpanded = false
        @Transient let cache: [String: Int] = [:]
        @Transient var selection: UUID?
      }
      """
    } expansion: {
      #"""
      struct TodoList {
        var id = UUID()
        var name: String
        var isExpanded = false
        let cache: [String: Int] = [:]
        var selection: UUID?

        static let entityName = "todo_list"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let nameAttribute = Attribute("name", \Self.name, storedValue: {
            $0.name.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          nameAttribute.erased,
        ]

        enum CodingKeys: String, CodingKey {
          case id
          case name
        }
      }

      extension TodoList: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.name = try row[Self.nameAttribute]
        }
      }
      """#
    }
  }

  @Test("a public entity: public witnesses, attributes as visible as their properties")
  func publicEntity() {
    assertMacro {
      """
      @Entity("access_token")
      public struct AccessToken: Hashable {
        public var id: UUID
        public var name: String
        var secretHash: String
        private(set) public var lastUsedAt: Date?
        @StoreVersion public var version: Version
      }
      """
    } expansion: {
      #"""
      public struct AccessToken: Hashable {
        public var id: UUID
        public var name: String
        var secretHash: String
        private(set) public var lastUsedAt: Date?
        public var version: Version

        public static let entityName = "access_token"

        public static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        public static let nameAttribute = Attribute("name", \Self.name, storedValue: {
            $0.name.storedValue
          })

        static let secretHashAttribute = Attribute("secretHash", \Self.secretHash, storedValue: {
            $0.secretHash.storedValue
          })

        public static let lastUsedAtAttribute = Attribute("lastUsedAt", \Self.lastUsedAt, storedValue: {
            $0.lastUsedAt.storedValue
          })

        public static let attributes: [AnyAttribute<Self>] = [
          nameAttribute.erased,
          secretHashAttribute.erased,
          lastUsedAtAttribute.erased,
        ]

        public static var storeVersion: WritableKeyPath<Self, Version>? {
          \.version
        }
      }

      extension AccessToken: Entity, RowDecodable {
        public init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.name = try row[Self.nameAttribute]
          self.secretHash = try row[Self.secretHashAttribute]
          self.lastUsedAt = try row[Self.lastUsedAtAttribute]
          self.version = try row.version
        }
      }
      """#
    }
  }

  @Test("conformances the struct declares are not added again")
  func declaredConformances() {
    assertMacro {
      """
      @Entity("list_share")
      struct ListShare: Persistence.Entity, Hashable {
        let id: UUID
        let listID: UUID
      }
      """
    } expansion: {
      #"""
      struct ListShare: Persistence.Entity, Hashable {
        let id: UUID
        let listID: UUID

        static let entityName = "list_share"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let listIDAttribute = Attribute("listID", \Self.listID, storedValue: {
            $0.listID.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          listIDAttribute.erased,
        ]
      }

      extension ListShare: RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.listID = try row[Self.listIDAttribute]
        }
      }
      """#
    }
  }

  @Test("computed, static and observed properties")
  func skippedProperties() {
    assertMacro {
      """
      @Entity("todo_list")
      struct TodoList {
        static let inboxID = UUID()
        nonisolated(unsafe) static var reads = 0
        var id: UUID
        var name: String {
          didSet { changes += 1 }
        }
        var deletedAt: Date?
        var isTrashed: Bool { deletedAt != nil }
        var display: String {
          get { name }
          set { name = newValue }
        }
        func rename(_ name: String) {}
      }
      """
    } expansion: {
      #"""
      struct TodoList {
        static let inboxID = UUID()
        nonisolated(unsafe) static var reads = 0
        var id: UUID
        var name: String {
          didSet { changes += 1 }
        }
        var deletedAt: Date?
        var isTrashed: Bool { deletedAt != nil }
        var display: String {
          get { name }
          set { name = newValue }
        }
        func rename(_ name: String) {}

        static let entityName = "todo_list"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let nameAttribute = Attribute("name", \Self.name, storedValue: {
            $0.name.storedValue
          })

        static let deletedAtAttribute = Attribute("deletedAt", \Self.deletedAt, storedValue: {
            $0.deletedAt.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          nameAttribute.erased,
          deletedAtAttribute.erased,
        ]
      }

      extension TodoList: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.name = try row[Self.nameAttribute]
          self.deletedAt = try row[Self.deletedAtAttribute]
        }
      }
      """#
    }
  }

  @Test("an entity of the identifier alone")
  func identifierOnly() {
    assertMacro {
      """
      @Entity("marker")
      struct Marker {
        var id: UUID
      }
      """
    } expansion: {
      #"""
      struct Marker {
        var id: UUID

        static let entityName = "marker"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = []
      }

      extension Marker: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
        }
      }
      """#
    }
  }
}
