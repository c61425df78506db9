import EntityMacrosSupport
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

/// Each mistake `@Entity` and its markers report, with its fix-it where one is clear.
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
struct EntityDiagnosticTests {
  @Test("a class is not an entity")
  func notAStruct() {
    assertMacro {
      """
      @Entity("todo")
      final public class Todo {
        var id: UUID
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      final public class Todo {
                   ┬────
                   ╰─ 🛑 @Entity applies to a struct, not to a class: an entity is a value that the store copies
                      ✏️ replace 'class' with 'struct'
        var id: UUID
      }
      """
    } fixes: {
      """
      @Entity("todo")
      public struct Todo {
        var id: UUID
      }
      """
    } expansion: {
      #"""
      public struct Todo {
        var id: UUID

        public static let entityName = "todo"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        public static let attributes: [AnyAttribute<Self>] = []
      }

      extension Todo: Entity, RowDecodable {
        public init(row: StoredRow<Self>) throws {
          self.id = try row.id
        }
      }
      """#
    }
  }

  @Test("an enum is not an entity")
  func enumNotAStruct() {
    assertMacro {
      """
      @Entity("todo")
      enum Todo {
        case a
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      enum Todo {
      ┬───
      ╰─ 🛑 @Entity applies to a struct, not to an enum: an entity is a value that the store copies
        case a
      }
      """
    }
  }

  @Test("the table name is required")
  func missingTableName() {
    assertMacro {
      """
      @Entity struct TodoList {
        var id: UUID
        var name: String
      }
      """
    } diagnostics: {
      """
      @Entity struct TodoList {
      ┬──────
      ╰─ 🛑 @Entity needs the table name, such as @Entity("todo_list"): it is part of the stored schema, so renaming the type must not rename the table
         ✏️ name the table "todo_list"
        var id: UUID
        var name: String
      }
      """
    } fixes: {
      """
      @Entity("todo_list") struct TodoList {
        var id: UUID
        var name: String
      }
      """
    } expansion: {
      #"""
      struct TodoList {
        var id: UUID
        var name: String

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

  @Test("the table name is a literal")
  func tableNameNotALiteral() {
    assertMacro {
      """
      @Entity(Names.todo)
      struct Todo {
        var id: UUID
      }
      """
    } diagnostics: {
      """
      @Entity(Names.todo)
              ┬─────────
              ╰─ 🛑 the table name must be a string literal: it is read when the macro expands
      struct Todo {
        var id: UUID
      }
      """
    }
  }

  @Test("the table name is one the store accepts")
  func invalidTableName() {
    assertMacro {
      """
      @Entity("persistence_changes")
      struct Change {
        var id: UUID
      }
      """
    } diagnostics: {
      """
      @Entity("persistence_changes")
              ┬────────────────────
              ╰─ 🛑 'persistence_changes' is not a table name: use letters, digits and '_', not starting with a digit or with 'persistence_'
      struct Change {
        var id: UUID
      }
      """
    }
  }

  @Test("an entity has an id")
  func missingIdentifier() {
    assertMacro {
      """
      @Entity("todo")
      public struct Todo {
        public var title: String
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      public struct Todo {
                    ┬───
                    ╰─ 🛑 an entity needs a stored property 'id: UUID': the store identifies objects by it
                       ✏️ add 'var id = UUID()'
        public var title: String
      }
      """
    } fixes: {
      """
      @Entity("todo")
      public struct Todo {
        public var id = UUID()
        public var title: String
      }
      """
    } expansion: {
      #"""
      public struct Todo {
        public var id = UUID()
        public var title: String

        public static let entityName = "todo"

        public static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        public static let titleAttribute = Attribute("title", \Self.title, storedValue: {
            $0.title.storedValue
          })

        public static let attributes: [AnyAttribute<Self>] = [
          titleAttribute.erased,
        ]
      }

      extension Todo: Entity, RowDecodable {
        public init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.title = try row[Self.titleAttribute]
        }
      }
      """#
    }
  }

  @Test("the id is a UUID")
  func identifierNotUUID() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: Int
        var title: String
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: Int
                ┬──
                ╰─ 🛑 'id' must be a UUID: the store's 'id' column holds UUIDs
                   ✏️ make 'id' a UUID
        var title: String
      }
      """
    } fixes: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var title: String
      }
      """
    } expansion: {
      #"""
      struct Todo {
        var id: UUID
        var title: String

        static let entityName = "todo"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let titleAttribute = Attribute("title", \Self.title, storedValue: {
            $0.title.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          titleAttribute.erased,
        ]
      }

      extension Todo: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.title = try row[Self.titleAttribute]
        }
      }
      """#
    }
  }

  @Test("the id takes no marker")
  func identifierMarked() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        @Column("todo_id") var id: UUID
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        @Column("todo_id") var id: UUID
        ┬─────────────────
        ╰─ 🛑 'id' is the store's identifier column; @Column does not apply to it
      }
      """
    }
  }

  @Test("a let with an initial value cannot be read from a row")
  func letWithInitialValue() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        let kind = "todo"
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        let kind = "todo"
        ┬──
        ╰─ 🛑 'kind' is a 'let' with an initial value, so no row can set it: make it a 'var' to store it, or mark it @Transient to keep it out of the table
           ✏️ replace 'let' with 'var'
      }
      """
    } fixes: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var kind = "todo"
      }
      """
    } expansion: {
      #"""
      struct Todo {
        var id: UUID
        var kind = "todo"

        static let entityName = "todo"

        static let idAttribute = Attribute("id", \Self.id, storedValue: {
            $0.id.storedValue
          })

        static let kindAttribute = Attribute("kind", \Self.kind, storedValue: {
            $0.kind.storedValue
          })

        static let attributes: [AnyAttribute<Self>] = [
          kindAttribute.erased,
        ]
      }

      extension Todo: Entity, RowDecodable {
        init(row: StoredRow<Self>) throws {
          self.id = try row.id
          self.kind = try row[Self.kindAttribute]
        }
      }
      """#
    }
  }

  @Test("a transient property needs an initial value")
  func transientWithoutInitialValue() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Transient var width: Int
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Transient var width: Int
        ┬─────────
        ╰─ 🛑 @Transient property 'width' needs an initial value: a row does not hold it, so init(row:) starts it from that value
      }
      """
    }
  }

  @Test("a lazy property is not a column")
  func lazyColumn() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        lazy var words = 0
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        lazy var words = 0
                 ┬────
                 ╰─ 🛑 lazy property 'words' cannot be a column: mark it @Transient
                    ✏️ mark it @Transient
      }
      """
    } fixes: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Transient lazy var words = 0
      }
      """
    }
  }

  @Test("the version is a var")
  func versionNotVar() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @StoreVersion let version: Version
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @StoreVersion let version: Version
                      ┬──
                      ╰─ 🛑 @StoreVersion property 'version' must be a 'var': the store sets it after every write
                         ✏️ replace 'let' with 'var'
      }
      """
    } fixes: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @StoreVersion var version: Version
      }
      """
    }
  }

  @Test("the version is a Version")
  func versionNotVersion() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @StoreVersion var version: Int
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @StoreVersion var version: Int
                                   ┬──
                                   ╰─ 🛑 @StoreVersion property 'version' must be a Version: it mirrors the store's version
                                      ✏️ make it a Version
      }
      """
    } fixes: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @StoreVersion var version: Version
      }
      """
    }
  }

  @Test("one property mirrors the version")
  func duplicateVersion() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @StoreVersion var version: Version
        @StoreVersion var revision: Version
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @StoreVersion var version: Version
        @StoreVersion var revision: Version
        ┬────────────
        ╰─ 🛑 only one property can mirror the store's version; 'revision' is the second @StoreVersion
      }
      """
    }
  }

  @Test("a column cannot be named version")
  func columnNamedVersion() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var version: Version
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var version: Version
            ┬──────
            ╰─ 🛑 'version' would be a column named 'version', which the store keeps itself: mark it @StoreVersion to mirror the store's version
               ✏️ mark it @StoreVersion
      }
      """
    } fixes: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @StoreVersion var version: Version
      }
      """
    }
  }

  @Test("a column cannot be named id")
  func columnNamedID() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Column("id") var key: String
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Column("id") var key: String
        ┬────────────
        ╰─ 🛑 'key' would be a column named 'id', which is the identifier's
      }
      """
    }
  }

  @Test("two properties cannot share a column")
  func duplicateColumn() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var title: String
        @Column("title") var heading: String
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var title: String
        @Column("title") var heading: String
                             ┬──────
                             ╰─ 🛑 'heading' would be a second column named 'title'
      }
      """
    }
  }

  @Test("a column name is a literal the store accepts")
  func invalidColumnNames() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Column(Names.title) var title: String
        @Column("due date") var due: Date
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Column(Names.title) var title: String
        ┬───────────────────
        ╰─ 🛑 the column name must be a string literal: it is read when the macro expands
        @Column("due date") var due: Date
        ┬──────────────────
        ╰─ 🛑 'due date' is not a column name: use letters, digits and '_', not starting with a digit
      }
      """
    }
  }

  @Test("markers that contradict each other")
  func conflictingMarkers() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Transient @Column("width") var width = 0
        @StoreVersion @Column("revision") var version: Version
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Transient @Column("width") var width = 0
                   ┬───────────────
                   ╰─ 🛑 @Transient and @Column contradict each other on one property
        @StoreVersion @Column("revision") var version: Version
                      ┬──────────────────
                      ╰─ 🛑 @StoreVersion and @Column contradict each other on one property
      }
      """
    }
  }

  @Test("@Column on two properties at once")
  func columnOnMultipleBindings() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Column("x") var x, y: Int
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        @Column("x") var x, y: Int
        ┬───────────
        ├─ 🛑 peer macro can only be applied to a single variable
        ╰─ 🛑 @Column names one column; declare each property on its own line
      }
      """
    }
  }

  @Test("a tuple pattern")
  func tuplePattern() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var (x, y): (Int, Int)
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var (x, y): (Int, Int)
            ┬─────
            ╰─ 🛑 @Entity cannot store a tuple pattern; declare each property on its own line
      }
      """
    }
  }

  @Test("a stored property inside #if")
  func conditionalProperty() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        #if DEBUG
        var trace: String
        #endif
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        #if DEBUG
        var trace: String
            ┬────
            ╰─ 🛑 @Entity cannot see stored properties inside '#if'; declare them unconditionally
        #endif
      }
      """
    }
  }

  @Test("a marker on a computed or static property")
  func markerNotOnStoredProperty() {
    assertMacro {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var title: String
        @Transient var isEmpty: Bool { title.isEmpty }
        @Column("kind") static let kind = "todo"
      }
      """
    } diagnostics: {
      """
      @Entity("todo")
      struct Todo {
        var id: UUID
        var title: String
        @Transient var isEmpty: Bool { title.isEmpty }
        ┬─────────
        ╰─ 🛑 @Transient applies to a stored instance property of an @Entity struct
        @Column("kind") static let kind = "todo"
        ┬──────────────
        ╰─ 🛑 @Column applies to a stored instance property of an @Entity struct
      }
      """
    }
  }

  @Test("a marker outside an @Entity struct")
  func markerOutsideEntity() {
    assertMacro {
      """
      struct Settings {
        @Transient var cache = 0
      }
      """
    } diagnostics: {
      """
      struct Settings {
        @Transient var cache = 0
        ┬─────────
        ╰─ 🛑 @Transient only has a meaning inside an @Entity struct
      }
      """
    }
  }
}
